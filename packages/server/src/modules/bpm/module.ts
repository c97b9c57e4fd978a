import { defineModule } from '../module.js';
import { bpmAssignRuleRoutes } from './assign-rule/routes.js';
import { bpmAssignRuleService } from './assign-rule/service.js';
import { bpmDefinitionRoutes } from './definition/routes.js';
import { bpmDefinitionService } from './definition/service.js';
import { bpmFormRoutes } from './form/routes.js';
import { bpmFormService } from './form/service.js';
import { bpmModelRoutes } from './model/routes.js';
import { bpmModelService } from './model/service.js';
import { registerBpmRuntime } from './runtime/register.js';
import { bpmUserGroupRoutes } from './user-group/routes.js';
import { bpmUserGroupService } from './user-group/service.js';

/** The workflow domain: its management pages and the runtime (tasks, instances, OA leave, timers). */
export default defineModule(({ app, route, ctx, notify }) => {
  registerBpmRuntime(app, route, ctx, notify);
  bpmFormRoutes(route, bpmFormService(ctx));
  bpmUserGroupRoutes(route, bpmUserGroupService(ctx));
  bpmModelRoutes(route, bpmModelService(ctx));
  bpmDefinitionRoutes(route, bpmDefinitionService(ctx));
  bpmAssignRuleRoutes(route, bpmAssignRuleService(ctx));
});

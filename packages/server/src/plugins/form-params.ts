import type { FastifyInstance } from 'fastify';
import { routeRegistrar, type RouteRegistrar } from './routes.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Registers routes whose parameters the reference's first client sends as form fields
 * (`id=…&status=…` in a PUT body) and later clients as query parameters: in a scope that reads form
 * bodies, whose fields join the query, where the endpoints declare them.
 */
export const formParamRoutes = async (
  app: FastifyInstance,
  apiPrefix: string,
  register: (route: RouteRegistrar) => void,
): Promise<void> => {
  await app.register(async (forms) => {
    forms.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    forms.addHook('preValidation', async (request) => {
      if (request.body && typeof request.body === 'object')
        request.query = { ...(request.body as object), ...(request.query as object) };
    });
    register(routeRegistrar(forms, apiPrefix));
  });
};

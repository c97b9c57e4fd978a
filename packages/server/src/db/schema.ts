import type { Generated, Insertable, Selectable } from 'kysely';
import type { ApiAccessLogTable, ApiErrorLogTable } from './api-log-schema.js';
import type { CodegenColumnTable, CodegenTableTable } from './codegen-schema.js';
import type {
  TradeDeliveryExpressTable,
  TradeDeliveryExpressTemplateChargeTable,
  TradeDeliveryExpressTemplateFreeTable,
  TradeDeliveryExpressTemplateTable,
} from './delivery-schema.js';
import type {
  ProductBrandTable,
  ProductCategoryTable,
  ProductPropertyTable,
  ProductPropertyValueTable,
  ProductSkuTable,
  ProductSpuTable,
} from './product-schema.js';
import type { JobLogTable, JobTable } from './job-schema.js';
import type { MemberAddressTable, MemberUserTable } from './member-schema.js';
import type {
  TradeExpressOrderEventTable,
  TradeOrderCountTable,
  TradeExpressOrderTable,
  TradeOrderItemTable,
  TradeOrderLogTable,
  TradeOrderTable,
} from './trade-schema.js';
import type {
  PayAppTable,
  PayChannelTable,
  PayDemoOrderTable,
  PayNotifyLogTable,
  PayNotifyTaskTable,
  PayOrderExtensionTable,
  PayOrderTable,
  PayRefundTable,
  PayWalletTable,
  PayWalletTransactionTable,
} from './pay-schema.js';
import type { SmsChannelTable, SmsCodeTable, SmsLogTable, SmsTemplateTable } from './sms-schema.js';
import type { OAuth2ApproveTable, OAuth2CodeTable } from './oauth2-schema.js';
import type {
  SocialClientTable,
  SocialStateTable,
  SocialUserBindTable,
  SocialUserTable,
} from './social-schema.js';
import type { Audit } from '../lib/crud/audit.js';

/**
 * Table types. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
 * Times are epoch milliseconds; flags are 0/1 integers so that SQLite and PostgreSQL share one code path.
 */
interface TenantScoped {
  tenantId: number;
}

export interface TenantTable extends Audit {
  id: Generated<number>;
  name: string;
  contactUserId: number | null;
  contactName: string;
  contactMobile: string | null;
  status: number;
  domain: string | null;
  packageId: number;
  expireTime: number;
  accountCount: number;
}

export interface TenantPackageTable extends Audit {
  id: Generated<number>;
  name: string;
  status: number;
  remark: string | null;
  /** JSON array of menu ids. */
  menuIds: string;
}

export interface UserTable extends Audit, TenantScoped {
  id: Generated<number>;
  username: string;
  password: string;
  nickname: string;
  remark: string | null;
  deptId: number | null;
  email: string | null;
  mobile: string | null;
  sex: number | null;
  avatar: string | null;
  status: number;
  loginIp: string | null;
  loginDate: number | null;
}

export interface RoleTable extends Audit, TenantScoped {
  id: Generated<number>;
  name: string;
  code: string;
  sort: number;
  dataScope: number;
  dataScopeDeptIds: string;
  status: number;
  type: number;
  remark: string | null;
}

export interface MenuTable extends Audit {
  id: Generated<number>;
  name: string;
  permission: string;
  type: number;
  sort: number;
  parentId: number;
  path: string;
  icon: string;
  component: string | null;
  componentName: string | null;
  status: number;
  visible: number;
  keepAlive: number;
  alwaysShow: number;
}

export interface UserRoleTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  roleId: number;
}

export interface RoleMenuTable extends Audit, TenantScoped {
  id: Generated<number>;
  roleId: number;
  menuId: number;
}

export interface DeptTable extends Audit, TenantScoped {
  id: Generated<number>;
  name: string;
  parentId: number;
  sort: number;
  leaderUserId: number | null;
  phone: string | null;
  email: string | null;
  status: number;
}

export interface PostTable extends Audit, TenantScoped {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
  status: number;
  remark: string | null;
}

export interface UserPostTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  postId: number;
}

export interface DictTypeTable extends Audit {
  id: Generated<number>;
  name: string;
  type: string;
  status: number;
  remark: string | null;
}

export interface DictDataTable extends Audit {
  id: Generated<number>;
  sort: number;
  label: string;
  value: string;
  dictType: string;
  status: number;
  colorType: string;
  cssClass: string;
  remark: string | null;
}

export interface OAuth2ClientTable extends Audit {
  id: Generated<number>;
  clientId: string;
  secret: string;
  name: string;
  logo: string;
  description: string | null;
  status: number;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  /** JSON arrays of strings. */
  redirectUris: string;
  authorizedGrantTypes: string;
  scopes: string;
  autoApproveScopes: string;
  authorities: Generated<string>;
  resourceIds: Generated<string>;
  /** JSON text, or null. */
  additionalInformation: string | null;
  /** 0/1: authorization-code requests must carry an S256 code_challenge. */
  pkceRequired: Generated<number>;
}

export interface OAuth2AccessTokenTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  userType: number;
  /** SHA-256 hex digest of the token; the token itself is never stored. */
  accessToken: string;
  refreshToken: string;
  clientId: string;
  scopes: string;
  expiresTime: number;
}

export interface OAuth2RefreshTokenTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  userType: number;
  refreshToken: string;
  clientId: string;
  scopes: string;
  expiresTime: number;
  /** Shared by every refresh token one grant led to ('' before rotation existed). */
  family: Generated<string>;
  /** 1 once exchanged for its successor (third-party clients rotate); using it again revokes the family. */
  rotated: Generated<number>;
}

export interface LoginLogTable extends Audit, TenantScoped {
  id: Generated<number>;
  logType: number;
  traceId: string;
  userId: number;
  userType: number;
  username: string;
  result: number;
  userIp: string;
  userAgent: string;
}

export interface NotifyTemplateTable extends Audit {
  id: Generated<number>;
  name: string;
  code: string;
  nickname: string;
  content: string;
  /** Dictionary system_notify_template_type. */
  type: number;
  /** JSON array of the `{name}` placeholders in the content. */
  params: string;
  status: number;
  remark: string | null;
}

export interface NotifyMessageTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  userType: number;
  templateId: number;
  templateCode: string;
  templateNickname: string;
  templateContent: string;
  templateType: number;
  /** JSON object of the values the content was rendered with. */
  templateParams: string;
  /** 0 unread, 1 read. */
  readStatus: number;
  readTime: number | null;
}

export interface FileTable extends Audit {
  id: Generated<number>;
  configId: number;
  name: string;
  path: string;
  url: string;
  type: string;
  size: number;
}

export interface FileContentTable extends Audit {
  id: Generated<number>;
  configId: number;
  path: string;
  /** A file is stored in chunks of at most 1 MiB, numbered from 0 (migration 024). */
  chunkNo: Generated<number>;
  content: Buffer;
}

/** Global (no tenant), as in the reference; `config` is JSON with its secrets sealed (migration 024). */
export interface FileConfigTable extends Audit {
  id: Generated<number>;
  name: string;
  storage: number;
  remark: string | null;
  master: number;
  config: string;
}

/** `infra_data_source_config`, global: the configured data sources (the master is not a row). */
export interface DataSourceConfigTable extends Audit {
  id: Generated<number>;
  name: string;
  url: string;
  username: string;
  /** Sealed (secret-box); the sealed empty string when there is none. */
  password: string;
}

export interface ConfigTable extends Audit {
  id: Generated<number>;
  category: string;
  /** Dictionary infra_config_type: 1 系统内置, 2 自定义. */
  type: number;
  name: string;
  configKey: string;
  value: string;
  /** 0/1; an invisible value is never given out by get-value-by-key. */
  visible: number;
  remark: string | null;
}

export interface NoticeTable extends Audit, TenantScoped {
  id: Generated<number>;
  title: string;
  content: string;
  /** Dictionary system_notice_type: 1 通知, 2 公告. */
  type: number;
  status: number;
}

/** Failed sign-ins per account or address in the current window (throttling without Redis). */
/** One write through the API (system_operate_log); never updated or deleted. */
export interface OperateLogTable extends Audit, TenantScoped {
  id: Generated<number>;
  traceId: string;
  userId: number;
  userType: number;
  module: string;
  name: string;
  /** Dictionary system_operate_type. */
  type: number;
  content: string;
  /** JSON object, or null. */
  exts: string | null;
  requestMethod: string;
  requestUrl: string;
  userIp: string;
  userAgent: string;
  javaMethod: string;
  javaMethodArgs: string;
  startTime: number;
  duration: number;
  resultCode: number;
  resultMsg: string;
  resultData: string;
}

/** Single-use captcha state (challenges and passed checks) when there is no Redis. */
export interface CaptchaTable {
  cacheKey: string;
  value: string;
  expireTime: number;
}

export interface LoginFailureTable {
  throttleKey: string;
  failures: number;
  windowStart: number;
}

/** A process form: `conf` a JSON object text, `fields` a JSON array of component JSON texts. */
export interface BpmFormTable extends Audit, TenantScoped {
  id: Generated<number>;
  name: string;
  status: number;
  conf: string;
  fields: string;
  remark: string | null;
}

export interface BpmUserGroupTable extends Audit, TenantScoped {
  id: Generated<number>;
  name: string;
  description: string;
  /** JSON array of user ids. */
  memberUserIds: string;
  status: number;
}

/** A process model (string id); `processDefinitionId` is its latest deployed definition. */
export interface BpmModelTable extends Audit, TenantScoped {
  id: string;
  key: string;
  name: string;
  description: string | null;
  category: string | null;
  bpmnXml: string | null;
  formType: number | null;
  formId: number | null;
  formCustomCreatePath: string | null;
  formCustomViewPath: string | null;
  processDefinitionId: string | null;
}

/** One deployed version of a model (`key:version:uuid`); never deleted. */
export interface BpmProcessDefinitionTable extends Omit<Audit, 'deleted'>, TenantScoped {
  id: string;
  modelId: string;
  key: string;
  version: number;
  name: string;
  description: string | null;
  category: string | null;
  bpmnXml: string;
  formType: number | null;
  formId: number | null;
  formConf: string | null;
  /** JSON array of component JSON texts. */
  formFields: string | null;
  formCustomCreatePath: string | null;
  formCustomViewPath: string | null;
  /** 1 active, 2 suspended. */
  suspensionState: number;
  deploymentTime: number;
}

/** The rule of one user task: on a model (`processDefinitionId` '') or copied to a definition. */
export interface BpmTaskAssignRuleTable extends Audit, TenantScoped {
  id: Generated<number>;
  modelId: string;
  processDefinitionId: Generated<string>;
  taskDefinitionKey: string;
  type: number;
  /** JSON array of ids. */
  options: string;
}

/** A running or finished process instance; `engineState` is the engine's small JSON state. */
export interface BpmProcessInstanceTable extends Audit, TenantScoped {
  id: string;
  processDefinitionId: string;
  name: string;
  category: string | null;
  businessKey: string | null;
  startUserId: number;
  /** bpm_process_instance_status: 1 running, 2 finished. */
  status: number;
  /** bpm_process_instance_result. */
  result: number;
  /** JSON object: the start form's values. */
  formVariables: string;
  engineState: string;
  /** Bumped by every step; a step writes only over the version it read (compare-and-swap). */
  version: Generated<number>;
  endTime: number | null;
  /** Started by a call activity: the calling instance and the call activity's execution. */
  parentInstanceId: string | null;
  parentExecutionId: string | null;
}

/** A candidate of a task that has none assigned (the diagram's candidateUsers / candidateGroups). */
export interface BpmTaskCandidateTable {
  taskId: string;
  userId: number;
  tenantId: number;
}

/** A user task of an instance; one row per engine execution (multi-instance: per user). */
export interface BpmTaskTable extends Audit, TenantScoped {
  id: string;
  processInstanceId: string;
  processDefinitionId: string;
  executionId: string;
  definitionKey: string;
  name: string;
  assigneeUserId: number | null;
  /**
   * Who gets the task back: the one who delegated it (委派) or added tasks before it (向前加签);
   * for a task added after another (向后加签), whom it will go to once that task is approved.
   */
  ownerUserId: number | null;
  /** The task this one was added to by 加签 (null for the engine's own tasks). */
  parentTaskId: string | null;
  /**
   * bpm_process_instance_result: 1 to do, 2 approved, 3 rejected, 4 cancelled, 5 sent back, 6 delegated;
   * 加签: 7 approved but waiting for tasks added after it, 8 waiting for tasks added before it, 9 added
   * after a task not yet approved.
   */
  result: number;
  reason: string | null;
  suspensionState: Generated<number>;
  claimTime: number | null;
  endTime: number | null;
  /** The diagram's `dueDate` resolved when the task was created; null when it has none. */
  dueTime: number | null;
}

/** One visit of a flow node (the viewer's history). */
export interface BpmActivityTable {
  id: Generated<number>;
  tenantId: number;
  processInstanceId: string;
  activityId: string;
  activityType: string;
  activityName: string;
  executionId: string;
  taskId: string | null;
  startTime: number;
  endTime: number | null;
  /** JSON array of the sequence-flow ids taken when the node was left. */
  outgoing: string;
}

/** A pending timer of an instance, fired by the poller once due. */
export interface BpmJobTable {
  id: Generated<number>;
  tenantId: number;
  processInstanceId: string;
  executionId: string;
  activityId: string;
  dueAt: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  createTime: number;
}

export interface BpmOaLeaveTable extends Audit, TenantScoped {
  id: Generated<number>;
  userId: number;
  type: number;
  reason: string;
  startTime: number;
  endTime: number;
  day: number;
  result: number;
  processInstanceId: string | null;
}

/** An SMTP account mail is sent through (system_mail_account); `password` is sealed (lib/secret-box). */
export interface MailAccountTable extends Audit {
  id: Generated<number>;
  mail: string;
  username: string;
  password: string;
  host: string;
  port: number;
  sslEnable: number;
}

export interface MailTemplateTable extends Audit {
  id: Generated<number>;
  name: string;
  code: string;
  accountId: number;
  nickname: string | null;
  title: string;
  content: string;
  /** JSON array of placeholder names. */
  params: string;
  status: number;
  remark: string | null;
}

/** One mail to send (system_mail_log), and its place in the send queue while a send is due. */
export interface MailLogTable extends Audit {
  id: Generated<number>;
  userId: number | null;
  userType: number | null;
  toMail: string;
  accountId: number;
  fromMail: string;
  templateId: number;
  templateCode: string;
  templateNickname: string | null;
  templateTitle: string;
  templateContent: string;
  /** JSON object. */
  templateParams: string;
  /** Dictionary system_mail_send_status. */
  sendStatus: number;
  sendTime: number | null;
  sendMessageId: string | null;
  sendException: string | null;
  sendAttempts: Generated<number>;
  /** Set while a send (first or retry) is due; null once sent, given up or never to send. */
  nextAttemptAt: number | null;
  lockedBy: string | null;
  lockedUntil: number | null;
}

/** Keys the server generated for itself (e.g. the mail password key when SECRET_KEY is unset). */
export interface SecretTable {
  name: string;
  value: string;
  createTime: number;
}

export interface Database {
  systemTenant: TenantTable;
  systemTenantPackage: TenantPackageTable;
  systemUsers: UserTable;
  systemRole: RoleTable;
  systemMenu: MenuTable;
  systemUserRole: UserRoleTable;
  systemRoleMenu: RoleMenuTable;
  systemDept: DeptTable;
  systemPost: PostTable;
  systemUserPost: UserPostTable;
  systemDictType: DictTypeTable;
  systemDictData: DictDataTable;
  systemOauth2Client: OAuth2ClientTable;
  systemOauth2AccessToken: OAuth2AccessTokenTable;
  systemOauth2RefreshToken: OAuth2RefreshTokenTable;
  systemOauth2Code: OAuth2CodeTable;
  systemOauth2Approve: OAuth2ApproveTable;
  systemLoginLog: LoginLogTable;
  systemLoginFailure: LoginFailureTable;
  systemCaptcha: CaptchaTable;
  systemOperateLog: OperateLogTable;
  systemNotifyTemplate: NotifyTemplateTable;
  systemNotifyMessage: NotifyMessageTable;
  infraFile: FileTable;
  infraFileContent: FileContentTable;
  infraFileConfig: FileConfigTable;
  infraDataSourceConfig: DataSourceConfigTable;
  infraConfig: ConfigTable;
  infraApiAccessLog: ApiAccessLogTable;
  infraApiErrorLog: ApiErrorLogTable;
  infraJob: JobTable;
  infraCodegenTable: CodegenTableTable;
  infraCodegenColumn: CodegenColumnTable;
  infraJobLog: JobLogTable;
  systemNotice: NoticeTable;
  bpmForm: BpmFormTable;
  bpmUserGroup: BpmUserGroupTable;
  bpmModel: BpmModelTable;
  bpmProcessDefinition: BpmProcessDefinitionTable;
  bpmTaskAssignRule: BpmTaskAssignRuleTable;
  bpmProcessInstance: BpmProcessInstanceTable;
  bpmTask: BpmTaskTable;
  bpmTaskCandidate: BpmTaskCandidateTable;
  bpmActivity: BpmActivityTable;
  bpmJob: BpmJobTable;
  bpmOaLeave: BpmOaLeaveTable;
  systemMailAccount: MailAccountTable;
  systemMailTemplate: MailTemplateTable;
  systemMailLog: MailLogTable;
  infraSecret: SecretTable;
  systemSmsChannel: SmsChannelTable;
  systemSmsTemplate: SmsTemplateTable;
  systemSmsLog: SmsLogTable;
  systemSmsCode: SmsCodeTable;
  systemSocialClient: SocialClientTable;
  systemSocialUser: SocialUserTable;
  systemSocialUserBind: SocialUserBindTable;
  systemSocialState: SocialStateTable;
  productCategory: ProductCategoryTable;
  productBrand: ProductBrandTable;
  productProperty: ProductPropertyTable;
  productPropertyValue: ProductPropertyValueTable;
  productSpu: ProductSpuTable;
  productSku: ProductSkuTable;
  tradeDeliveryExpress: TradeDeliveryExpressTable;
  tradeDeliveryExpressTemplate: TradeDeliveryExpressTemplateTable;
  tradeDeliveryExpressTemplateCharge: TradeDeliveryExpressTemplateChargeTable;
  tradeDeliveryExpressTemplateFree: TradeDeliveryExpressTemplateFreeTable;
  memberUser: MemberUserTable;
  memberAddress: MemberAddressTable;
  tradeOrder: TradeOrderTable;
  tradeOrderItem: TradeOrderItemTable;
  tradeOrderLog: TradeOrderLogTable;
  tradeExpressOrder: TradeExpressOrderTable;
  tradeExpressOrderEvent: TradeExpressOrderEventTable;
  tradeOrderCount: TradeOrderCountTable;
  tradeOrderReceiverNameGram: SearchGramTable;
  memberUserNicknameGram: SearchGramTable;
  payApp: PayAppTable;
  payChannel: PayChannelTable;
  payOrder: PayOrderTable;
  payOrderExtension: PayOrderExtensionTable;
  payRefund: PayRefundTable;
  payNotifyTask: PayNotifyTaskTable;
  payNotifyLog: PayNotifyLogTable;
  payWallet: PayWalletTable;
  payWalletTransaction: PayWalletTransactionTable;
  payDemoOrder: PayDemoOrderTable;
}

/**
 * Every 1- and 2-character piece of a searched column, lower-cased, and the row holding it: kept by
 * migration 046's triggers, read by lib/crud/gram-search.ts.
 */
export interface SearchGramTable {
  tenantId: number;
  gram: string;
  rowId: number;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type MenuRow = Selectable<MenuTable>;
export type TenantRow = Selectable<TenantTable>;
export type OAuth2ClientRow = Selectable<OAuth2ClientTable>;
export type NotifyTemplateRow = Selectable<NotifyTemplateTable>;
export type NotifyMessageRow = Selectable<NotifyMessageTable>;

import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
 * Times are epoch milliseconds; flags are 0/1 integers so that SQLite and PostgreSQL share one code path.
 */
interface Audit {
  creator: string | null;
  createTime: Generated<number>;
  updater: string | null;
  updateTime: Generated<number>;
  deleted: Generated<number>;
}

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
  content: Buffer;
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
export interface LoginFailureTable {
  throttleKey: string;
  failures: number;
  windowStart: number;
}

export interface Database {
  systemTenant: TenantTable;
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
  systemLoginLog: LoginLogTable;
  systemLoginFailure: LoginFailureTable;
  systemNotifyTemplate: NotifyTemplateTable;
  systemNotifyMessage: NotifyMessageTable;
  infraFile: FileTable;
  infraFileContent: FileContentTable;
  infraConfig: ConfigTable;
  systemNotice: NoticeTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type MenuRow = Selectable<MenuTable>;
export type TenantRow = Selectable<TenantTable>;
export type OAuth2ClientRow = Selectable<OAuth2ClientTable>;
export type NotifyTemplateRow = Selectable<NotifyTemplateTable>;
export type NotifyMessageRow = Selectable<NotifyMessageTable>;

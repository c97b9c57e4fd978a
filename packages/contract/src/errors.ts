/**
 * Error codes of the reference API. `msg` may hold `{}` placeholders filled by the server.
 * Global codes mirror HTTP statuses; module codes follow the 1_MMM_EEE_NNN scheme.
 */
export interface ErrorCode {
  code: number;
  msg: string;
}

const e = (code: number, msg: string): ErrorCode => ({ code, msg });

export const GlobalError = {
  BAD_REQUEST: e(400, '请求参数不正确'),
  UNAUTHORIZED: e(401, '账号未登录'),
  FORBIDDEN: e(403, '没有该操作权限'),
  NOT_FOUND: e(404, '请求未找到'),
  METHOD_NOT_ALLOWED: e(405, '请求方法不正确'),
  LOCKED: e(423, '请求失败，请稍后重试'),
  TOO_MANY_REQUESTS: e(429, '请求过于频繁，请稍后重试'),
  INTERNAL_SERVER_ERROR: e(500, '系统异常'),
  NOT_IMPLEMENTED: e(501, '功能未实现/未开启'),
  REPEATED_REQUESTS: e(900, '重复请求，请稍后重试'),
  DEMO_DENY: e(901, '演示模式，禁止写操作'),
  UNKNOWN: e(999, '未知错误'),
} as const;

export const AuthError = {
  LOGIN_BAD_CREDENTIALS: e(1_002_000_000, '登录失败，账号密码不正确'),
  LOGIN_USER_DISABLED: e(1_002_000_001, '登录失败，账号被禁用'),
  LOGIN_CAPTCHA_CODE_ERROR: e(1_002_000_004, '验证码不正确，原因：{}'),
  THIRD_LOGIN_NOT_BIND: e(1_002_000_005, '未绑定账号，需要进行绑定'),
  TOKEN_EXPIRED: e(1_002_000_006, 'Token 已经过期'),
  MOBILE_NOT_EXISTS: e(1_002_000_007, '手机号不存在'),
  REGISTER_CAPTCHA_CODE_ERROR: e(1_002_000_008, '验证码不正确，原因：{}'),
  /** Ours: self-registration is off (configuration system.user.register-enabled). */
  REGISTER_DISABLED: e(1_002_000_010, '系统未开放注册'),
  /** Refresh-token failures reuse the global codes with their own messages; the web swallows both. */
  REFRESH_TOKEN_INVALID: e(400, '无效的刷新令牌'),
  REFRESH_TOKEN_EXPIRED: e(401, '刷新令牌已过期'),
} as const;

export const TenantError = {
  TENANT_NOT_EXISTS: e(1_002_015_000, '租户不存在'),
  TENANT_DISABLE: e(1_002_015_001, '名字为【{}】的租户已被禁用'),
  TENANT_EXPIRE: e(1_002_015_002, '名字为【{}】的租户已过期'),
  /** Raised by the tenant check on every tenant-scoped request. */
  TENANT_FORBIDDEN: e(403, '您无权访问该租户的数据'),
  TENANT_HEADER_MISSING: e(400, '请求的租户标识未传递，请进行排查'),
  TENANT_CAN_NOT_UPDATE_SYSTEM: e(1_002_015_003, '系统租户不能进行修改、删除等操作！'),
  TENANT_NAME_DUPLICATE: e(1_002_015_004, '名字为【{}】的租户已存在'),
} as const;

export const TenantPackageError = {
  TENANT_PACKAGE_NOT_EXISTS: e(1_002_016_000, '租户套餐不存在'),
  TENANT_PACKAGE_USED: e(1_002_016_001, '租户正在使用该套餐，请给租户重新设置套餐后再尝试删除'),
  TENANT_PACKAGE_DISABLE: e(1_002_016_002, '名字为【{}】的租户套餐已被禁用'),
  TENANT_PACKAGE_NAME_DUPLICATE: e(1_002_016_003, '已经存在该名字的租户套餐'),
} as const;

export const UserError = {
  USER_USERNAME_EXISTS: e(1_002_003_000, '用户账号已经存在'),
  USER_MOBILE_EXISTS: e(1_002_003_001, '手机号已经存在'),
  USER_EMAIL_EXISTS: e(1_002_003_002, '邮箱已经存在'),
  USER_NOT_EXISTS: e(1_002_003_003, '用户不存在'),
  USER_PASSWORD_FAILED: e(1_002_003_005, '用户密码校验失败'),
  USER_IMPORT_LIST_IS_EMPTY: e(1_002_003_004, '导入用户数据不能为空！'),
  USER_IS_DISABLE: e(1_002_003_006, '名字为【{}】的用户已被禁用'),
  USER_COUNT_MAX: e(1_002_003_008, '创建用户失败，原因：超过租户最大租户配额({})！'),
} as const;

export const DeptError = {
  DEPT_NAME_DUPLICATE: e(1_002_004_000, '已经存在该名字的部门'),
  DEPT_PARENT_NOT_EXITS: e(1_002_004_001, '父级部门不存在'),
  DEPT_NOT_FOUND: e(1_002_004_002, '当前部门不存在'),
  DEPT_EXITS_CHILDREN: e(1_002_004_003, '存在子部门，无法删除'),
  DEPT_PARENT_ERROR: e(1_002_004_004, '不能设置自己为父部门'),
  DEPT_EXISTS_USER: e(1_002_004_005, '部门中存在员工，无法删除'),
  DEPT_NOT_ENABLE: e(1_002_004_006, '部门({})不处于开启状态，不允许选择'),
  DEPT_PARENT_IS_CHILD: e(1_002_004_007, '不能设置自己的子部门为父部门'),
} as const;

export const PostError = {
  POST_NOT_FOUND: e(1_002_005_000, '当前岗位不存在'),
  POST_NOT_ENABLE: e(1_002_005_001, '岗位({}) 不处于开启状态，不允许选择'),
  POST_NAME_DUPLICATE: e(1_002_005_002, '已经存在该名字的岗位'),
  POST_CODE_DUPLICATE: e(1_002_005_003, '已经存在该标识的岗位'),
} as const;

export const MenuError = {
  MENU_NAME_DUPLICATE: e(1_002_001_000, '已经存在该名字的菜单'),
  MENU_PARENT_NOT_EXISTS: e(1_002_001_001, '父菜单不存在'),
  MENU_PARENT_ERROR: e(1_002_001_002, '不能设置自己为父菜单'),
  MENU_NOT_EXISTS: e(1_002_001_003, '菜单不存在'),
  MENU_EXISTS_CHILDREN: e(1_002_001_004, '存在子菜单，无法删除'),
  MENU_PARENT_NOT_DIR_OR_MENU: e(1_002_001_005, '父菜单的类型必须是目录或者菜单'),
} as const;

export const RoleError = {
  ROLE_NOT_EXISTS: e(1_002_002_000, '角色不存在'),
  ROLE_NAME_DUPLICATE: e(1_002_002_001, '已经存在名为【{}】的角色'),
  ROLE_CODE_DUPLICATE: e(1_002_002_002, '已经存在编码为【{}】的角色'),
  ROLE_CAN_NOT_UPDATE_SYSTEM_TYPE_ROLE: e(1_002_002_003, '不能操作类型为系统内置的角色'),
  ROLE_IS_DISABLE: e(1_002_002_004, '名字为【{}】的角色已被禁用'),
  ROLE_ADMIN_CODE_ERROR: e(1_002_002_005, '编码【{}】不能使用'),
} as const;

export const NotifyError = {
  NOTIFY_TEMPLATE_NOT_EXISTS: e(1_002_026_000, '站内信模版不存在'),
  NOTIFY_TEMPLATE_CODE_DUPLICATE: e(1_002_026_001, '已经存在编码为【{}】的站内信模板'),
  NOTIFY_SEND_TEMPLATE_PARAM_MISS: e(1_002_028_000, '模板参数({})缺失'),
} as const;

export const SocialError = {
  SOCIAL_USER_AUTH_FAILURE: e(1_002_018_000, '社交授权失败，原因是：{}'),
  SOCIAL_USER_NOT_FOUND: e(1_002_018_001, '社交授权失败，找不到对应的用户'),
  SOCIAL_CLIENT_NOT_EXISTS: e(1_002_018_210, '社交客户端不存在'),
  SOCIAL_CLIENT_UNIQUE: e(1_002_018_211, '社交客户端已存在配置'),
} as const;

export const MailError = {
  MAIL_ACCOUNT_NOT_EXISTS: e(1_002_023_000, '邮箱账号不存在'),
  MAIL_ACCOUNT_RELATE_TEMPLATE_EXISTS: e(1_002_023_001, '无法删除，该邮箱账号还有邮件模板'),
  MAIL_TEMPLATE_NOT_EXISTS: e(1_002_024_000, '邮件模版不存在'),
  MAIL_TEMPLATE_CODE_EXISTS: e(1_002_024_001, '邮件模版 code({}) 已存在'),
  MAIL_SEND_TEMPLATE_PARAM_MISS: e(1_002_025_000, '模板参数({})缺失'),
  MAIL_SEND_MAIL_NOT_EXISTS: e(1_002_025_001, '邮箱不存在'),
} as const;

export const JobError = {
  JOB_NOT_EXISTS: e(1_001_001_000, '定时任务不存在'),
  JOB_HANDLER_EXISTS: e(1_001_001_001, '定时任务的处理器已经存在'),
  JOB_CHANGE_STATUS_INVALID: e(1_001_001_002, '只允许修改为开启或者关闭状态'),
  JOB_CHANGE_STATUS_EQUALS: e(1_001_001_003, '定时任务已经处于该状态，无需修改'),
  JOB_UPDATE_ONLY_NORMAL_STATUS: e(1_001_001_004, '只有开启状态的任务，才可以修改'),
  JOB_CRON_EXPRESSION_VALID: e(1_001_001_005, 'CRON 表达式不正确'),
  JOB_HANDLER_BEAN_NOT_EXISTS: e(1_001_001_006, '定时任务的处理器不存在：{}'),
} as const;

export const ApiErrorLogError = {
  API_ERROR_LOG_NOT_FOUND: e(1_001_002_000, 'API 错误日志不存在'),
  API_ERROR_LOG_PROCESSED: e(1_001_002_001, 'API 错误日志已处理'),
} as const;

export const FileError = {
  FILE_NOT_EXISTS: e(1_001_003_001, '文件不存在'),
  FILE_IS_EMPTY: e(1_001_003_002, '文件为空'),
  FILE_TYPE_NOT_ALLOWED: e(1_001_003_003, '不允许上传该文件类型'),
  FILE_SIZE_EXCEED: e(1_001_003_004, '文件大小超过限制，允许上传的最大文件大小为 {}MB'),
} as const;

export const FileConfigError = {
  FILE_CONFIG_NOT_EXISTS: e(1_001_006_000, '文件配置不存在'),
  FILE_CONFIG_DELETE_FAIL_MASTER: e(
    1_001_006_001,
    '该文件配置不允许删除，原因：它是主配置，删除会导致无法上传文件',
  ),
  /** Ours: the storage behind a config could not be reached or refused the operation. */
  FILE_STORAGE_FAILED: e(1_001_006_002, '文件存储失败：{}'),
} as const;

/** Code generation (1_003_001), as the reference v2.0; 1_003_001_013 on is ours. */
export const CodegenError = {
  CODEGEN_TABLE_EXISTS: e(1_003_001_000, '表定义已经存在'),
  CODEGEN_IMPORT_TABLE_NULL: e(1_003_001_001, '导入的表不存在'),
  CODEGEN_IMPORT_COLUMNS_NULL: e(1_003_001_002, '导入的字段不存在'),
  CODEGEN_TABLE_NOT_EXISTS: e(1_003_001_004, '表定义不存在'),
  CODEGEN_COLUMN_NOT_EXISTS: e(1_003_001_005, '字段义不存在'),
  CODEGEN_SYNC_COLUMNS_NULL: e(1_003_001_006, '同步的字段不存在'),
  CODEGEN_SYNC_NONE_CHANGE: e(1_003_001_007, '同步失败，不存在改变'),
  CODEGEN_TABLE_INFO_TABLE_COMMENT_IS_NULL: e(1_003_001_008, '数据库的表注释未填写'),
  CODEGEN_TABLE_INFO_COLUMN_COMMENT_IS_NULL: e(1_003_001_009, '数据库的表字段({})注释未填写'),
  CODEGEN_MASTER_TABLE_NOT_EXISTS: e(1_003_001_010, '主表(id={})定义不存在，请检查'),
  CODEGEN_SUB_COLUMN_NOT_EXISTS: e(1_003_001_011, '子表的字段(id={})不存在，请检查'),
  CODEGEN_MASTER_GENERATION_FAIL_NO_SUB_TABLE: e(1_003_001_012, '主表生成代码失败，原因：它没有子表'),
  CODEGEN_TEMPLATE_NOT_SUPPORTED: e(1_003_001_013, '暂不支持该生成模板'),
  CODEGEN_SCENE_NOT_SUPPORTED: e(1_003_001_014, '本项目没有用户 APP 接口，生成场景只能是管理后台'),
  CODEGEN_PARENT_MENU_REQUIRED: e(1_003_001_015, '上级菜单不能为空，请在“生成信息”中选择上级菜单'),
  CODEGEN_PRIMARY_KEY_REQUIRED: e(1_003_001_016, '表没有单一的自增主键 id，无法生成代码'),
  CODEGEN_TREE_COLUMNS_REQUIRED: e(1_003_001_017, '树表需要选择父编号字段和树名称字段'),
  CODEGEN_COLUMNS_MISMATCH: e(1_003_001_018, '字段定义与表的字段不一致，请刷新后重试'),
  CODEGEN_SUB_WITH_MASTER: e(1_003_001_019, '子表的代码随主表一起生成，请预览或下载它的主表'),
  CODEGEN_SUB_JOIN_REQUIRED: e(1_003_001_020, '子表需要选择关联的主表、子表关联的字段和关联关系'),
};

export const DataSourceConfigError = {
  DATA_SOURCE_CONFIG_NOT_EXISTS: e(1_001_007_000, '数据源配置不存在'),
  DATA_SOURCE_CONFIG_NOT_OK: e(1_001_007_001, '数据源配置不正确，无法进行连接'),
  /** Ours: the master (id 0) is the database the server runs on, configured by DATABASE_URL / DATA_DIR. */
  DATA_SOURCE_CONFIG_MASTER_UPDATE: e(
    1_001_007_002,
    '主数据源 master 是系统运行所用的数据库，不能修改（请修改服务端的数据库配置）',
  ),
  DATA_SOURCE_CONFIG_MASTER_DELETE: e(1_001_007_003, '主数据源 master 是系统运行所用的数据库，不能删除'),
} as const;

export const DictError = {
  DICT_TYPE_NOT_EXISTS: e(1_002_006_001, '当前字典类型不存在'),
  DICT_TYPE_NOT_ENABLE: e(1_002_006_002, '字典类型不处于开启状态，不允许选择'),
  DICT_TYPE_NAME_DUPLICATE: e(1_002_006_003, '已经存在该名字的字典类型'),
  DICT_TYPE_TYPE_DUPLICATE: e(1_002_006_004, '已经存在该类型的字典类型'),
  DICT_TYPE_HAS_CHILDREN: e(1_002_006_005, '无法删除，该字典类型还有字典数据'),
  DICT_DATA_NOT_EXISTS: e(1_002_007_001, '当前字典数据不存在'),
  DICT_DATA_NOT_ENABLE: e(1_002_007_002, '字典数据({})不处于开启状态，不允许选择'),
  DICT_DATA_VALUE_DUPLICATE: e(1_002_007_003, '已经存在该值的字典数据'),
} as const;

export const NoticeError = {
  NOTICE_NOT_FOUND: e(1_002_008_001, '当前通知公告不存在'),
} as const;

export const SmsError = {
  SMS_CHANNEL_NOT_EXISTS: e(1_002_011_000, '短信渠道不存在'),
  SMS_CHANNEL_DISABLE: e(1_002_011_001, '短信渠道不处于开启状态，不允许选择'),
  SMS_CHANNEL_HAS_CHILDREN: e(1_002_011_002, '无法删除，该短信渠道还有短信模板'),
  SMS_TEMPLATE_NOT_EXISTS: e(1_002_012_000, '短信模板不存在'),
  SMS_TEMPLATE_CODE_DUPLICATE: e(1_002_012_001, '已经存在编码为【{}】的短信模板'),
  SMS_SEND_MOBILE_NOT_EXISTS: e(1_002_013_000, '手机号不存在'),
  SMS_SEND_MOBILE_TEMPLATE_PARAM_MISS: e(1_002_013_001, '模板参数({})缺失'),
  SMS_SEND_TEMPLATE_NOT_EXISTS: e(1_002_013_002, '短信模板不存在'),
  SMS_CODE_NOT_FOUND: e(1_002_014_000, '验证码不存在'),
  SMS_CODE_EXPIRED: e(1_002_014_001, '验证码已过期'),
  SMS_CODE_USED: e(1_002_014_002, '验证码已使用'),
  SMS_CODE_NOT_CORRECT: e(1_002_014_003, '验证码不正确'),
  SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY: e(1_002_014_004, '超过每日短信发送数量'),
  SMS_CODE_SEND_TOO_FAST: e(1_002_014_005, '短信发送过于频率'),
  /** Not in the reference: the code was voided after too many wrong tries. */
  SMS_CODE_TOO_MANY_ATTEMPTS: e(1_002_014_008, '验证码错误次数过多，请重新获取'),
} as const;

export const ConfigError = {
  CONFIG_NOT_EXISTS: e(1_001_000_001, '参数配置不存在'),
  CONFIG_KEY_DUPLICATE: e(1_001_000_002, '参数配置 key 重复'),
  CONFIG_CAN_NOT_DELETE_SYSTEM_TYPE: e(1_001_000_003, '不能删除类型为系统内置的参数配置'),
  CONFIG_GET_VALUE_ERROR_IF_VISIBLE: e(1_001_000_004, '获取参数配置失败，原因：不允许获取不可见配置'),
} as const;

/** Workflow (1_009_XXX_NNN), as in the reference's bpm module. */
export const BpmError = {
  OA_LEAVE_NOT_EXISTS: e(1_009_001_001, '请假申请不存在'),
  OA_DAY_LEAVE_ERROR: e(1_009_001_007, '请假天数必须>=1'),
  MODEL_KEY_EXISTS: e(1_009_002_000, '流程标识已存在'),
  MODEL_NOT_EXISTS: e(1_009_002_001, '流程模型不存在'),
  MODEL_KEY_VALID: e(
    1_009_002_002,
    '流程标识格式不正确，需要以字母或下划线开头，后接任意字母、数字、中划线、下划线、句点！',
  ),
  MODEL_DEPLOY_FAIL_FORM_NOT_CONFIG: e(
    1_009_002_003,
    '部署流程失败，原因：流程表单未配置，请点击【修改流程】按钮进行配置',
  ),
  MODEL_DEPLOY_FAIL_TASK_ASSIGN_RULE_NOT_CONFIG: e(
    1_009_002_004,
    '部署流程失败，原因：用户任务({})未配置分配规则，请点击【修改流程】按钮进行配置',
  ),
  /** Not in the reference: the diagram itself cannot run (our engine's deploy checks). */
  MODEL_DEPLOY_FAIL_BPMN_INVALID: e(1_009_002_005, '部署流程失败，原因：{}'),
  PROCESS_DEFINITION_KEY_NOT_MATCH: e(
    1_009_003_000,
    '流程定义的标识期望是({})，当前是({})，请修改 BPMN 流程图',
  ),
  PROCESS_DEFINITION_NAME_NOT_MATCH: e(
    1_009_003_001,
    '流程定义的名字期望是({})，当前是({})，请修改 BPMN 流程图',
  ),
  PROCESS_DEFINITION_NOT_EXISTS: e(1_009_003_002, '流程定义不存在'),
  PROCESS_DEFINITION_IS_SUSPENDED: e(1_009_003_003, '流程定义处于挂起状态'),
  PROCESS_DEFINITION_BPMN_MODEL_NOT_EXISTS: e(1_009_003_004, '流程定义的模型不存在'),
  MODEL_DEPLOY_FAIL_TASK_INFO_EQUALS: e(1_009_003_005, '流程定义部署失败，原因：信息未发生变化'),
  PROCESS_INSTANCE_NOT_EXISTS: e(1_009_004_000, '流程实例不存在'),
  PROCESS_INSTANCE_CANCEL_FAIL_NOT_EXISTS: e(1_009_004_001, '流程取消失败，流程不处于运行中'),
  PROCESS_INSTANCE_CANCEL_FAIL_NOT_SELF: e(1_009_004_002, '流程取消失败，该流程不是你发起的'),
  /** Not in the reference: a condition or assignee expression could not be evaluated. */
  PROCESS_INSTANCE_EXPRESSION_FAILED: e(1_009_004_003, '流程执行失败，原因：{}'),
  TASK_COMPLETE_FAIL_NOT_EXISTS: e(1_009_005_000, '审批任务失败，原因：该任务不处于未审批'),
  TASK_OPERATE_FAIL_ASSIGN_NOT_SELF: e(1_009_005_001, '操作失败，原因：该任务的审批人不是你'),
  TASK_NOT_EXISTS: e(1_009_005_002, '流程任务不存在'),
  TASK_TARGET_NODE_NOT_EXISTS: e(1_009_005_004, '目标节点不存在'),
  TASK_RETURN_FAIL_SOURCE_TARGET_ERROR: e(
    1_009_005_006,
    '回退任务失败，目标节点是在并行网关上或非同一路线上，不可跳转',
  ),
  TASK_DELEGATE_FAIL_USER_REPEAT: e(1_009_005_007, '任务委派失败，委派人和当前审批人为同一人'),
  TASK_DELEGATE_FAIL_USER_NOT_EXISTS: e(1_009_005_008, '任务委派失败，被委派人不存在'),
  TASK_ADD_SIGN_USER_NOT_EXIST: e(1_009_005_009, '任务加签：选择的用户不存在'),
  TASK_ADD_SIGN_TYPE_ERROR: e(1_009_005_010, '任务加签：当前任务已经{}，不能{}'),
  TASK_ADD_SIGN_USER_REPEAT: e(1_009_005_011, '任务加签失败，加签人与现有审批人[{}]重复'),
  /** The reference gives this the same code as TASK_ADD_SIGN_USER_REPEAT; kept as it is. */
  TASK_SUB_SIGN_NO_PARENT: e(1_009_005_011, '任务减签失败，被减签的任务必须是通过加签生成的任务'),
  TASK_ASSIGN_RULE_EXISTS: e(1_009_006_000, '流程({}) 的任务({}) 已经存在分配规则'),
  TASK_ASSIGN_RULE_NOT_EXISTS: e(1_009_006_001, '流程任务分配规则不存在'),
  TASK_UPDATE_FAIL_NOT_MODEL: e(1_009_006_002, '只有流程模型的任务分配规则，才允许被修改'),
  TASK_CREATE_FAIL_NO_CANDIDATE_USER: e(1_009_006_003, '操作失败，原因：找不到任务的审批人！'),
  TASK_ASSIGN_SCRIPT_NOT_EXISTS: e(1_009_006_004, '操作失败，原因：任务分配脚本({}) 不存在'),
  FORM_NOT_EXISTS: e(1_009_010_000, '动态表单不存在'),
  FORM_FIELD_REPEAT: e(1_009_010_001, '表单项({}) 和 ({}) 使用了相同的字段名({})'),
  USER_GROUP_NOT_EXISTS: e(1_009_011_000, '用户组不存在'),
  USER_GROUP_IS_DISABLE: e(1_009_011_001, '名字为【{}】的用户组已被禁用'),
} as const;

/** OAuth2 clients, grants and codes (1_002_020–022), plus the token endpoint's 400/401 answers. */
export const OAuth2Error = {
  OAUTH2_CLIENT_NOT_EXISTS: e(1_002_020_000, 'OAuth2 客户端不存在'),
  OAUTH2_CLIENT_EXISTS: e(1_002_020_001, 'OAuth2 客户端编号已存在'),
  OAUTH2_CLIENT_DISABLE: e(1_002_020_002, 'OAuth2 客户端已禁用'),
  OAUTH2_CLIENT_AUTHORIZED_GRANT_TYPE_NOT_EXISTS: e(1_002_020_003, '不支持该授权类型'),
  OAUTH2_CLIENT_SCOPE_OVER: e(1_002_020_004, '授权范围过大'),
  OAUTH2_CLIENT_REDIRECT_URI_NOT_MATCH: e(1_002_020_005, '无效 redirect_uri: {}'),
  OAUTH2_CLIENT_CLIENT_SECRET_ERROR: e(1_002_020_006, '无效 client_secret: {}'),
  /** Not in the reference: the client requires PKCE and the request has no S256 code_challenge. */
  OAUTH2_CLIENT_PKCE_REQUIRED: e(1_002_020_007, '该客户端要求使用 PKCE，请传递 S256 的 code_challenge'),
  OAUTH2_GRANT_CLIENT_ID_MISMATCH: e(1_002_021_000, 'client_id 不匹配'),
  OAUTH2_GRANT_REDIRECT_URI_MISMATCH: e(1_002_021_001, 'redirect_uri 不匹配'),
  OAUTH2_GRANT_STATE_MISMATCH: e(1_002_021_002, 'state 不匹配'),
  /** Not in the reference: the code_verifier is missing or does not hash to the code_challenge. */
  OAUTH2_GRANT_CODE_VERIFIER_MISMATCH: e(1_002_021_004, 'code_verifier 不正确'),
  OAUTH2_CODE_NOT_EXISTS: e(1_002_022_000, 'code 不存在'),
  OAUTH2_CODE_EXPIRE: e(1_002_022_001, 'code 已过期'),
  UNKNOWN_GRANT_TYPE: e(400, '未知授权类型({})'),
  IMPLICIT_NOT_ON_TOKEN: e(400, 'Token 接口不支持 implicit 授权模式'),
  CLIENT_CREDENTIALS_MISSING: e(400, 'client_id 或 client_secret 未正确传递'),
  RESPONSE_TYPE_INVALID: e(400, 'response_type 参数值只允许 code 和 token'),
  /** Not in the reference: only the S256 method is accepted. */
  CODE_CHALLENGE_METHOD_INVALID: e(400, 'code_challenge_method 只支持 S256'),
  REFRESH_TOKEN_CLIENT_MISMATCH: e(400, '刷新令牌的客户端编号不正确'),
  ACCESS_TOKEN_NOT_EXISTS: e(401, '访问令牌不存在'),
  ACCESS_TOKEN_EXPIRED: e(401, '访问令牌已过期'),
} as const;

/** Product catalogue (1_008_001–006): categories, brands, properties and values, SPUs and SKUs. */
export const ProductError = {
  CATEGORY_NOT_EXISTS: e(1_008_001_000, '商品分类不存在'),
  CATEGORY_PARENT_NOT_EXISTS: e(1_008_001_001, '父分类不存在'),
  CATEGORY_PARENT_NOT_FIRST_LEVEL: e(1_008_001_002, '父分类不能是二级分类'),
  CATEGORY_EXISTS_CHILDREN: e(1_008_001_003, '存在子分类，无法删除'),
  CATEGORY_DISABLED: e(1_008_001_004, '商品分类({})已禁用，无法使用'),
  CATEGORY_HAVE_BIND_SPU: e(1_008_001_005, '类别下存在商品，无法删除'),
  /** Ours: the tree has two levels, so a category with children stays at the top. */
  CATEGORY_CHILDREN_CANNOT_MOVE: e(1_008_001_006, '存在子分类，不能移动到其他分类下'),
  /** Ours: products sit only in second-level categories. */
  CATEGORY_SPU_CANNOT_MOVE_TOP: e(1_008_001_007, '分类下存在商品，不能改为一级分类'),
  BRAND_NOT_EXISTS: e(1_008_002_000, '品牌不存在'),
  BRAND_DISABLED: e(1_008_002_001, '品牌已禁用'),
  BRAND_NAME_EXISTS: e(1_008_002_002, '品牌名称已存在'),
  /** Ours: a brand still on products cannot go. */
  BRAND_HAVE_BIND_SPU: e(1_008_002_003, '品牌下存在商品，无法删除'),
  PROPERTY_NOT_EXISTS: e(1_008_003_000, '属性项不存在'),
  PROPERTY_EXISTS: e(1_008_003_001, '属性项的名称已存在'),
  PROPERTY_DELETE_FAIL_VALUE_EXISTS: e(1_008_003_002, '属性项下存在属性值，无法删除'),
  PROPERTY_VALUE_NOT_EXISTS: e(1_008_004_000, '属性值不存在'),
  PROPERTY_VALUE_EXISTS: e(1_008_004_001, '属性值的名称已存在'),
  /** Ours: a value a product's SKU holds cannot go, or the SKU would lose its name. */
  PROPERTY_VALUE_IN_USE: e(1_008_004_002, '属性值已被商品使用，无法删除'),
  SPU_NOT_EXISTS: e(1_008_005_000, '商品 SPU 不存在'),
  SPU_SAVE_FAIL_CATEGORY_LEVEL_ERROR: e(
    1_008_005_001,
    '商品分类不正确，原因：必须使用第二级的商品分类及以下',
  ),
  SPU_NOT_ENABLE: e(1_008_005_002, '商品 SPU【{}】不处于上架状态'),
  SPU_NOT_RECYCLE: e(1_008_005_004, '商品 SPU 不处于回收站状态'),
  SKU_NOT_EXISTS: e(1_008_006_000, '商品 SKU 不存在'),
  SKU_PROPERTIES_DUPLICATED: e(1_008_006_001, '商品 SKU 的属性组合存在重复'),
  SPU_ATTR_NUMBERS_MUST_BE_EQUALS: e(1_008_006_002, '一个 SPU 下的每个 SKU，其属性项必须一致'),
  SPU_SKU_NOT_DUPLICATE: e(1_008_006_003, '一个 SPU 下的每个 SKU，必须不重复'),
  SKU_STOCK_NOT_ENOUGH: e(1_008_006_004, '商品 SKU 库存不足'),
  /** Ours: an SKU 禁用 cannot be sold. */
  SKU_DISABLED: e(1_008_006_005, '商品 SKU【{}】已禁用'),
} as const;

/** Trade: orders (1_011_000) and delivery, express companies and freight templates (1_011_003). */
export const TradeError = {
  ORDER_ITEM_NOT_FOUND: e(1_011_000_010, '交易订单项不存在'),
  ORDER_NOT_FOUND: e(1_011_000_011, '交易订单不存在'),
  ORDER_UPDATE_PAID_STATUS_NOT_UNPAID: e(1_011_000_013, '交易订单更新支付状态失败，订单不是【未支付】状态'),
  ORDER_UPDATE_PAID_FAIL_PAY_ORDER_ID_ERROR: e(1_011_000_014, '交易订单更新支付状态失败，支付单编号不匹配'),
  ORDER_UPDATE_PAID_FAIL_PAY_PRICE_NOT_MATCH: e(1_011_000_016, '交易订单更新支付状态失败，支付单金额不匹配'),
  ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED: e(1_011_000_017, '交易订单发货失败，订单不是【待发货】状态'),
  ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED: e(1_011_000_018, '交易订单收货失败，订单不是【待收货】状态'),
  ORDER_CANCEL_FAIL_STATUS_NOT_UNPAID: e(1_011_000_025, '交易订单取消失败，订单不是【待支付】状态'),
  ORDER_UPDATE_PRICE_FAIL_PAID: e(1_011_000_026, '支付订单调价失败，原因：支付订单已付款,不能调价'),
  ORDER_UPDATE_PRICE_FAIL_ALREADY: e(1_011_000_027, '支付订单调价失败，原因：已经修改过价格'),
  ORDER_UPDATE_PRICE_FAIL_PRICE_ERROR: e(
    1_011_000_028,
    '支付订单调价失败，原因：调整后支付价格不能小于 0.01 元',
  ),
  ORDER_UPDATE_ADDRESS_FAIL_STATUS_NOT_DELIVERED: e(
    1_011_000_031,
    '交易订单修改收货地址失败，原因：订单不是【待发货】状态',
  ),
  /** Ours: 关闭订单 applies before delivery only (待支付, or 待发货 with a full refund). */
  ORDER_CLOSE_FAIL_STATUS: e(1_011_000_090, '交易订单关闭失败，订单不是【待支付】或【待发货】状态'),
  /** Ours: the same SKU twice in one order. */
  ORDER_ITEM_SKU_DUPLICATE: e(1_011_000_091, '订单中商品 SKU({})重复'),
  /** Ours: an item's template has no charge rule covering the address. */
  ORDER_DELIVERY_NOT_AVAILABLE: e(1_011_000_092, '商品【{}】的运费模板【{}】不配送到该地址'),
  /** Ours: orders are paid through the tenant's first enabled pay app. */
  ORDER_PAY_APP_NOT_CONFIGURED: e(1_011_000_093, '商城未配置可用的支付应用，无法下单'),
  EXPRESS_NOT_EXISTS: e(1_011_003_000, '快递公司不存在'),
  EXPRESS_CODE_DUPLICATE: e(1_011_003_001, '已经存在该编码的快递公司'),
  EXPRESS_STATUS_NOT_ENABLE: e(1_011_003_003, '快递公司未启用'),
  EXPRESS_TEMPLATE_NAME_DUPLICATE: e(1_011_003_101, '已经存在该运费模板名'),
  EXPRESS_TEMPLATE_NOT_EXISTS: e(1_011_003_102, '运费模板不存在'),
  /** Ours: a template products still use cannot go. */
  EXPRESS_TEMPLATE_IN_USE: e(1_011_003_103, '运费模板已被商品使用，无法删除'),
  /** Ours: a rule names a region the area tree does not have. */
  EXPRESS_TEMPLATE_AREA_NOT_EXISTS: e(1_011_003_104, '区域({})不存在'),
  /** Ours: the price query's regions. */
  DELIVERY_AREA_NOT_EXISTS: e(1_011_003_105, '{}不存在'),
  EXPRESS_API_QUERY_ERROR: e(1_011_004_101, '快递查询接口异常'),
  EXPRESS_API_QUERY_FAILED: e(1_011_004_102, '快递查询返回失败，原因：{}'),
  /** Ours: 快递管理. */
  EXPRESS_ORDER_NOT_EXISTS: e(1_011_004_200, '快递订单不存在'),
  /** Ours: a shipment moves 待揽收 → 运输中 → 已签收, and to 异常 or 已取消 only before it is signed for. */
  EXPRESS_ORDER_STATUS_CHANGE_INVALID: e(1_011_004_201, '快递订单不能从【{}】变为【{}】'),
} as const;

/** Members (1_004_XXX_NNN), as in the reference's member module. */
export const MemberError = {
  USER_NOT_EXISTS: e(1_004_001_000, '用户不存在'),
  USER_MOBILE_NOT_EXISTS: e(1_004_001_001, '手机号未注册用户'),
  USER_MOBILE_USED: e(1_004_001_002, '修改手机失败，该手机号({})已经被使用'),
  AUTH_LOGIN_BAD_CREDENTIALS: e(1_004_003_000, '登录失败，账号密码不正确'),
  AUTH_LOGIN_USER_DISABLED: e(1_004_003_001, '登录失败，账号被禁用'),
  ADDRESS_NOT_EXISTS: e(1_004_004_000, '用户收件地址不存在'),
} as const;

/** Messages the web must never show: a failed silent refresh already leads to the re-login dialog. */
export const SILENT_ERROR_MESSAGES: readonly string[] = [
  AuthError.REFRESH_TOKEN_INVALID.msg,
  AuthError.REFRESH_TOKEN_EXPIRED.msg,
];

export const formatErrorMessage = (msg: string, ...args: unknown[]): string => {
  let i = 0;
  return msg.replace(/\{\}/g, () => (i < args.length ? String(args[i++]) : '{}'));
};

export const PayError = {
  APP_NOT_FOUND: e(1_007_000_000, 'App 不存在'),
  APP_IS_DISABLE: e(1_007_000_002, 'App 已经被禁用'),
  APP_EXIST_ORDER_CANT_DELETE: e(1_007_000_003, '支付应用存在支付订单，无法删除'),
  APP_EXIST_REFUND_CANT_DELETE: e(1_007_000_004, '支付应用存在退款订单，无法删除'),
  CHANNEL_NOT_FOUND: e(1_007_001_000, '支付渠道的配置不存在'),
  CHANNEL_IS_DISABLE: e(1_007_001_001, '支付渠道已经禁用'),
  /** Ours: what the channel's configuration lacks or gets wrong. */
  CHANNEL_CONFIG_INVALID: e(1_007_001_002, '渠道配置不正确：{}'),
  CHANNEL_EXIST_SAME_CHANNEL_ERROR: e(1_007_001_004, '已存在相同的渠道'),
  ORDER_NOT_FOUND: e(1_007_002_000, '支付订单不存在'),
  ORDER_STATUS_IS_NOT_WAITING: e(1_007_002_001, '支付订单不处于待支付'),
  ORDER_STATUS_IS_SUCCESS: e(1_007_002_002, '订单已支付，请刷新页面'),
  ORDER_IS_EXPIRED: e(1_007_002_003, '支付订单已经过期'),
  ORDER_SUBMIT_CHANNEL_ERROR: e(1_007_002_004, '发起支付报错，错误码：{}，错误提示：{}'),
  ORDER_REFUND_FAIL_STATUS_ERROR: e(1_007_002_005, '支付订单退款失败，原因：状态不是已支付或已退款'),
  /** Ours: a business module's merchant order id is unique per app. */
  ORDER_EXISTS: e(1_007_002_010, '商户订单号已存在'),
  REFUND_PRICE_EXCEED: e(1_007_006_000, '退款金额超过订单可退款金额'),
  REFUND_HAS_REFUNDING: e(1_007_006_002, '已经有退款在处理中'),
  REFUND_EXISTS: e(1_007_006_003, '已经存在退款单'),
  REFUND_NOT_FOUND: e(1_007_006_004, '支付退款单不存在'),
  WALLET_NOT_FOUND: e(1_007_007_000, '用户钱包不存在'),
  WALLET_BALANCE_NOT_ENOUGH: e(1_007_007_001, '钱包余额不足'),
  DEMO_ORDER_NOT_FOUND: e(1_007_900_000, '示例订单不存在'),
  DEMO_ORDER_REFUND_FAIL_NOT_PAID: e(1_007_900_005, '发起退款失败，示例订单未支付'),
  DEMO_ORDER_REFUND_FAIL_REFUNDED: e(1_007_900_006, '发起退款失败，示例订单已退款'),
  /** Ours: a demo order needs an app to pay through. */
  DEMO_ORDER_NO_APP: e(1_007_900_011, '没有可用的支付应用，请先在「应用信息」中创建并开启一个'),
} as const;

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
} as const;

export const UserError = {
  USER_USERNAME_EXISTS: e(1_002_003_000, '用户账号已经存在'),
  USER_MOBILE_EXISTS: e(1_002_003_001, '手机号已经存在'),
  USER_EMAIL_EXISTS: e(1_002_003_002, '邮箱已经存在'),
  USER_NOT_EXISTS: e(1_002_003_003, '用户不存在'),
  USER_PASSWORD_FAILED: e(1_002_003_005, '用户密码校验失败'),
} as const;

export const NotifyError = {
  NOTIFY_TEMPLATE_NOT_EXISTS: e(1_002_026_000, '站内信模版不存在'),
  NOTIFY_TEMPLATE_CODE_DUPLICATE: e(1_002_026_001, '已经存在编码为【{}】的站内信模板'),
  NOTIFY_SEND_TEMPLATE_PARAM_MISS: e(1_002_028_000, '模板参数({})缺失'),
} as const;

export const FileError = {
  FILE_NOT_EXISTS: e(1_001_003_001, '文件不存在'),
  FILE_IS_EMPTY: e(1_001_003_002, '文件为空'),
  FILE_TYPE_NOT_ALLOWED: e(1_001_003_003, '不允许上传该文件类型'),
  FILE_SIZE_EXCEED: e(1_001_003_004, '文件大小超过限制，允许上传的最大文件大小为 {}MB'),
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

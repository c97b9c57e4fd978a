/** What a channel's client needs of the channel row. */
export interface SmsChannelConfig {
  code: string;
  signature: string;
  apiKey: string;
  apiSecret: string | null;
  /** The provider API's address; null for its public one. */
  apiUrl: string | null;
}

export interface SmsSendRequest {
  /** The send log row, passed on where the provider echoes a caller's reference. */
  logId: number;
  mobile: string;
  apiTemplateId: string;
  /** Template parameters in the template's order (some providers take values by position). */
  params: [string, string][];
}

/** A provider's answer. A call that got no answer (network, timeout) throws instead. */
export interface SmsSendResult {
  success: boolean;
  apiCode: string | null;
  apiMsg: string | null;
  apiRequestId: string | null;
  apiSerialNo: string | null;
  /** A failure worth another attempt later (outage, throttling); a refusal is final. */
  retryable: boolean;
}

export interface SmsClient {
  send(request: SmsSendRequest): Promise<SmsSendResult>;
}

export interface SmsClientDeps {
  now: () => number;
  /** Per-call limit of a provider request. */
  timeoutMs: number;
}

/** RFC 3986 percent-encoding (what both providers' signatures are computed over). */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The JSON a provider answered, or null when it answered something else. */
export const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An HTTP status that says "try again later". */
export const isTransientStatus = (status: number): boolean => status === 429 || status >= 500;

export const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

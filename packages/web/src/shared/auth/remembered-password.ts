/**
 * "记住我" for the password: kept in localStorage (key PASSWORD) only as AES-GCM ciphertext under a
 * key that WebCrypto created non-extractable and that lives in IndexedDB. The page can ask the
 * browser to decrypt with it but can never read the key, and no key ships in the bundle; copying
 * localStorage elsewhere gives ciphertext only.
 */
const STORAGE_KEY = 'PASSWORD';
const DB_NAME = 'admin-console';
const STORE = 'crypto-keys';
const KEY_ID = 'remembered-password';
const IV_BYTES = 12;

const supported = (): boolean =>
  typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle;

const openDb = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB 打开失败'));
  });

const inStore = <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
  openDb().then((db) =>
    new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB 读写失败'));
    }).finally(() => db.close()),
  );

const readKey = (): Promise<CryptoKey | undefined> =>
  inStore<CryptoKey | undefined>(
    'readonly',
    (store) => store.get(KEY_ID) as IDBRequest<CryptoKey | undefined>,
  );

/** The stored key, or a new non-extractable one saved for next time. */
const obtainKey = async (): Promise<CryptoKey> => {
  const existing = await readKey();
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await inStore('readwrite', (store) => store.put(key, KEY_ID));
  return key;
};

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Encrypts and keeps the password; without WebCrypto or IndexedDB nothing is kept. */
export const rememberPassword = async (password: string): Promise<void> => {
  if (!supported()) return;
  try {
    const key = await obtainKey();
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const cipher = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(password)),
    );
    const sealed = new Uint8Array(IV_BYTES + cipher.length);
    sealed.set(iv);
    sealed.set(cipher, IV_BYTES);
    localStorage.setItem(STORAGE_KEY, toBase64(sealed));
  } catch {
    // Storage refused (private mode, quota): the password is simply not remembered.
    forgetPassword();
  }
};

/** The remembered password, or null when there is none or it can no longer be decrypted. */
export const recallPassword = async (): Promise<string | null> => {
  const sealed = localStorage.getItem(STORAGE_KEY);
  if (!sealed || !supported()) return null;
  try {
    const key = await readKey();
    if (!key) throw new Error('密钥不存在');
    const bytes = fromBase64(sealed);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
      key,
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    // Ciphertext from another browser profile, a lost key or tampering: drop it.
    forgetPassword();
    return null;
  }
};

export const forgetPassword = (): void => {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
};

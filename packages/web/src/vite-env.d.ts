/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Multi-tenancy switch: anything but the string 'false' turns it on. */
  readonly VITE_TENANT_ENABLE?: string;
  /** Navbar 源码地址 link ('' hides it). */
  readonly VITE_SOURCE_URL?: string;
  /** Navbar 文档地址 link ('' hides it). */
  readonly VITE_DOC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

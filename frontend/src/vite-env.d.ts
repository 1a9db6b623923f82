/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; '' (the default) means the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

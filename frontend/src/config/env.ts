/**
 * Build-time settings, read in one place.
 * VITE_API_BASE_URL: origin (and optional prefix) of the API; '' means the page's own origin,
 * which is how the Rust server serves the SPA and the API together.
 */
export const apiBaseUrl: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

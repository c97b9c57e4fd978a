/**
 * Stands in for axios' fetch adapter in the browser bundle (see `axiosWithoutFetch` in
 * vite.config.ts). Axios tries its XHR adapter first and every browser we serve has XHR, so the
 * fetch adapter never runs; reporting it unsupported keeps its ~2.5 KB gzip off the login page.
 */
export const getFetch = (): false => false;

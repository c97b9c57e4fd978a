import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's policy. Scripts come only from our own built files (no inline script, no eval);
 * styles may be inline because antd writes its CSS-in-JS into <style> elements at run time.
 * Images and frames may come from anywhere: uploaded files live on whatever storage a file
 * configuration names, and menus of the external-link kind embed any site in a tab. Forms may post
 * anywhere because the cashier's form mode hands the payer to the payment provider's page.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src http: https:',
  "object-src 'none'",
  "base-uri 'self'",
  // Our own pages may frame each other (the iframe view); no other site may frame us.
  "frame-ancestors 'self'",
].join('; ');

/**
 * Everything that is not the app (API answers, uploaded files served back): nothing in it may load
 * or run, so an uploaded HTML or SVG file opened directly cannot script our origin.
 */
const DOCUMENT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'self'; sandbox";

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'content-security-policy': DOCUMENT_CONTENT_SECURITY_POLICY,
};

/** Marks a reply as the web app's page, which runs our scripts under the app's policy. */
export const applyAppSecurityPolicy = (reply: FastifyReply): FastifyReply =>
  reply.header('content-security-policy', APP_CONTENT_SECURITY_POLICY);

/**
 * Security headers on every response, set before routing so 404s and errors carry them too (and by
 * the router's own error handler, which runs before any hook). HSTS only where the request came over HTTPS (directly or through a proxy that says so): on plain
 * HTTP the header is ignored by browsers and would only mislead.
 */
export const setSecurityHeaders = (request: FastifyRequest, reply: FastifyReply): void => {
  reply.headers(COMMON_HEADERS);
  if (request.protocol === 'https')
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
};

export const registerSecurityHeaders = (app: FastifyInstance): void => {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
};

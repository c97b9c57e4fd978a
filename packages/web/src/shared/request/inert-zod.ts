/**
 * The browser bundle's stand-in for zod (see `contractWithoutZod` in vite.config.ts). The contract
 * builds its schemas when its modules load; the web only reads an endpoint's method and path, so
 * every schema here is the same inert value: any property, call or `new` gives it back. It is not
 * thenable, so it never passes for a promise.
 */
type Inert = ((...args: unknown[]) => Inert) & { readonly [key: string]: Inert };

// A plain function as the target, so the proxy can be called and constructed.
const inert: Inert = new Proxy(function schema() {} as unknown as Inert, {
  get: (_target, key) => (typeof key === 'symbol' || key === 'then' ? undefined : inert),
  apply: () => inert,
  construct: () => inert,
});

export const z = inert;
export default inert;

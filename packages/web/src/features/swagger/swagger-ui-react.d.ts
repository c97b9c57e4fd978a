// swagger-ui-react ships no types: the part of its props this page uses.
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerRequest {
    url: string;
    method?: string;
    headers: Record<string, string>;
    [key: string]: unknown;
  }

  export interface SwaggerUIProps {
    url?: string;
    spec?: object;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest | Promise<SwaggerRequest>;
    validatorUrl?: string | null;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    displayRequestDuration?: boolean;
    filter?: boolean | string;
    onComplete?: (system: unknown) => void;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}

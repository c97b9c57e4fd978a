import { SOCIAL_TYPE } from '@app/contract';
import { Navigate, useLocation } from 'react-router';

/** /oauthLogin/gitee: Gitee's return address; the sign-in goes on at /social-login as platform 10. */
export function GiteeCallbackPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('type', String(SOCIAL_TYPE.GITEE));
  return <Navigate to={`/social-login?${params.toString()}`} replace />;
}

export default GiteeCallbackPage;

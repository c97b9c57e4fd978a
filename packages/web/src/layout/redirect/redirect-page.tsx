import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading';

/**
 * /redirect/<path>: unmounts the current page, then immediately replaces the address with
 * <path> (query kept), so the page mounts afresh — the "refresh page" of the tags view.
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}${hash}`, { replace: true });
  }, [navigate, rest, search, hash]);
  return <PageLoading />;
}

export default RedirectPage;

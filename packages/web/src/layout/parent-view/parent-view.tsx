import { Outlet } from 'react-router';

/** Pass-through parent of nested menu routes: renders the matched child and nothing else. */
export function ParentView() {
  return <Outlet />;
}

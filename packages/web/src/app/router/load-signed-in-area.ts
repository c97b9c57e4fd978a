/** The signed-in area (layout, home page, page loaders); one download, shared by every route below the layout. */
export const loadSignedInArea = () => import('./signed-in-area');

import { MenuPage } from '../../../menu-page';

/** Menu component `system/menu/index`. */
export default MenuPage;

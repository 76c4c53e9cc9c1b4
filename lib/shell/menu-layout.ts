// The side menu's layout, decided on the server so the first paint is the final one (issue 18).
// Wide screens show the menu open or folded to its icons, as the person last chose (a cookie);
// narrower screens are laid out by CSS media queries alone: an icon rail below 992 px, and
// below 768 px no rail at all, the menu opening as a drawer over the page.

/** The cookie holding the choice on wide screens: "folded", or absent for open. */
export const MENU_COOKIE = "dp_menu";
export const MENU_FOLDED = "folded";
/** Where the menu is a drawer (the rail is too): the CSS breakpoint of app-shell.module.css. */
export const NARROW_QUERY = "(max-width: 991px)";

export function isMenuFolded(cookie: string | undefined): boolean {
  return cookie === MENU_FOLDED;
}

/** The Set-Cookie text for a choice (client side: document.cookie). A year, the app's path only. */
export function menuCookie(folded: boolean, basePath: string): string {
  return folded ? `${MENU_COOKIE}=${MENU_FOLDED}; path=${basePath || "/"}; max-age=31536000; SameSite=Lax` : `${MENU_COOKIE}=; path=${basePath || "/"}; max-age=0; SameSite=Lax`;
}

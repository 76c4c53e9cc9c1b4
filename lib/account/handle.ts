/** A session's name on My account: the first 16 of its 43 random characters (about 96 bits),
 * enough to pick one of a user's sessions without putting the cookie's session id in a page. */
export const sessionHandle = (id: string) => id.slice(0, 16);

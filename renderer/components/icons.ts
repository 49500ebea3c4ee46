/** The drawn icons Icon.svelte knows. */
export type IconName = 'lock' | 'devil' | 'angel' | 'sword' | 'star' | 'camera' | 'speaker';

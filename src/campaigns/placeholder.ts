// What `campaigns create --skeleton` and `--file` share, apart from the template itself (skeleton.ts), so that
// declaring the flag and reading a file load only this.
export const SKELETON_FORMATS = ['yaml', 'json'] as const;
export type SkeletonFormat = (typeof SKELETON_FORMATS)[number];

/**
 * What a field of the template holds until it is filled in: `<required>`, `<optional: its rule>`. `--file` refuses a
 * body that still has one, so that a template sent half filled in names the field left, instead of creating a
 * campaign named "<required>".
 */
export const PLACEHOLDER = /^<(required|optional)(?:: [^]*)?>$/;

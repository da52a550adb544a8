// Packages the build scripts use that ship no types of their own: what the scripts use of them.
// None at present (opentype.js, the last, gave way to @pdf-lib/fontkit); a new one gets a
// `declare module` here.

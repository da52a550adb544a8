/** Where the package document and the title page are in every EPUB: the two files a buyer's copy changes. */
export const PACKAGE_PATH = 'EPUB/package.opf';
export const TITLE_PAGE_PATH = 'EPUB/title.xhtml';

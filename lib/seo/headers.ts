/** Internal request header by which the proxy tells metadata the page's locale-free path. */
export const PATH_HEADER = 'x-amora-path';

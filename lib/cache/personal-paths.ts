/**
 * Pages whose document belongs to one visitor: never served from the page cache.
 * `/library/{token}` shows a buyer's own order and live download count.
 */
const PERSONAL = /^\/library(\/|$)/;

export function isPersonalPath(path: string): boolean {
  return PERSONAL.test(path);
}

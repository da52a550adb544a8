// pa11y drives Debian's Chromium (e2e/pa11y.spec.ts): Puppeteer's install must not download a Chrome.
module.exports = { skipDownload: true };

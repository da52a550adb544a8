/** The consent UI's strings, translated on the server and handed to the client islands. */
export type ConsentLabels = {
  bannerLabel: string;
  bannerTitle: string;
  bannerText: string;
  policyLink: string;
  acceptAll: string;
  refuseAll: string;
  openPreferences: string;
  centerTitle: string;
  centerIntro: string;
  necessaryTitle: string;
  necessaryText: string;
  alwaysOn: string;
  advertisingTitle: string;
  advertisingText: string;
  marketingTitle: string;
  marketingText: string;
  analyticsTitle: string;
  analyticsText: string;
  iAcceptAll: string;
  save: string;
  close: string;
  saved: string;
};

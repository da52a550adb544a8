import { site } from '@/lib/site';

/**
 * The address every email of the site is sent from (lib/mail/transport.ts): the one a buyer
 * approves in their Amazon account for Send to Kindle, which the library page and the Kindle email
 * name. One constant, so what they are told to approve is always what the mail says it is from.
 */
export const MAIL_FROM_ADDRESS: string = site.supportEmail;

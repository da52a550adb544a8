/** The conduct topics of the Community Guidelines, each with a page at /guidelines/{slug}. */
export const guidelineTopics = [
  'nudity-sexual-activity',
  'bullying',
  'child-exploitation-abuse',
  'commercial-promotional',
  'goods-substances',
  'dangerous-organizations-individuals',
  'identity-based-hate',
  'inauthentic-profiles',
  'misinformation',
  'physical-sexual-violence',
  'scams-theft',
  'sexual-harassment',
  'spam',
  'suicide-self-injury',
  'violent-graphic-content',
] as const;

export type GuidelineTopic = (typeof guidelineTopics)[number];

export function isGuidelineTopic(value: string): value is GuidelineTopic {
  return (guidelineTopics as readonly string[]).includes(value);
}

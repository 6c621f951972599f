/**
 * English function words that carry no topic: pronouns, articles, auxiliaries, prepositions,
 * conjunctions, common adverbs, and the archaic forms found in older public-domain texts
 * (hath, thee …). Kept in the repo rather than a package: it is data, and one list for the
 * summary, keyword and classification code keeps them consistent.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above across after afterwards again against all almost alone along already also although always am among amongst an and another any anyhow anyone anything anyway anywhere are aren around as at
  be became because become becomes becoming been before beforehand behind being below beside besides between beyond both but by
  can cannot could couldn did didn do does doesn doing don done down during
  each either else elsewhere enough etc even ever every everyone everything everywhere except
  few for former formerly from further furthermore
  get gets getting give given gives go goes going got
  had hadn has hasn have haven having he hence her here hereafter hereby herein hers herself him himself his how however
  i ie if in indeed into is isn it its itself
  just keep kept last latter latterly least less let lets like likely
  made make makes many may me meanwhile might mine more moreover most mostly much must my myself
  namely neither never nevertheless next no nobody none noone nor not nothing now nowhere
  of off often on once one only onto or other others otherwise our ours ourselves out over own
  per perhaps put quite rather re really
  said same say says see seem seemed seeming seems several shall she should shouldn since so some somehow someone something sometime sometimes somewhere still such
  than that the their theirs them themselves then thence there thereafter thereby therefore therein thereupon these they this those though through throughout thru thus to together too toward towards
  under until up upon us use used using
  very via was wasn we well were weren what whatever when whence whenever where whereafter whereas whereby wherein whereupon wherever whether which while whilst whither who whoever whole whom whose why will with within without won would wouldn
  yet you your yours yourself yourselves
  hath doth thee thou thy thine ye unto shalt wilt art
  ll ve re d s t m`
    .split(/\s+/)
    .filter(Boolean),
);

export const isStopword = (word: string) => STOPWORDS.has(word);

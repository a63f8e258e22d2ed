// Function words that say nothing about what a text is about, for the languages the service
// meets most; other languages are ranked without them.
const LISTS: Record<string, string> = {
  en: `a about above after again against all also am an and any are as at be because been before being below between both
    but by can could did do does doing down during each few for from further had has have having he her here hers herself
    him himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or
    other our ours ourselves out over own really same she should so some such than that the their theirs them themselves
    then there these they this those through to too under until up us very was we well were what when where which while
    who whom why will with would yeah yes you your yours yourself yourselves okay ok oh um uh like know think going get got`,
  es: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos
    en entre era eran es esa esas ese eso esos esta estaba estado estamos estan estar estas este esto estos estoy fue fueron
    ha hace hacer han has hasta hay he la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otro
    para pero poco por porque que quien se sea ser si sido sin sobre son su sus también tambien te tengo tiene tienen todo
    todos tu tus un una uno unos usted vosotros y ya yo él ésta éste más mí sí qué cómo así bueno pues entonces vale eh
    está están estás había hay`,
  fr: `a au aux avec ce ces cette dans de des du elle elles en est et eux il ils je la le les leur leurs lui ma mais me même
    mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre
    vous y été être avoir fait très plus aussi bien alors donc oui non ça c est`,
  de: `aber alle als also am an auch auf aus bei bin bis da dann das dass dem den der des die doch du ein eine einem einen
    einer er es für hat hatte ich ihr im in ist ja kann mit nach nicht noch nur oder schon sehr sich sie sind so um und uns
    von war was wie wir wird zu zum zur über ja nein also halt`,
  pt: `a ao aos as com como da das de do dos e ela elas ele eles em entre era essa esse esta este eu foi for há isso isto
    já lhe mais mas me meu minha muito na nas no nos não nós o os ou para pela pelo por que quando se sem ser seu sua são
    também te tem tu um uma você vocês é está estão sim então`,
  it: `a ad al alla alle anche che chi ci come con da dal dalla dei del della di e ed era gli ha hanno ho i il in io la le
    lei lo loro lui ma mi mio molto ne nel nella no noi non o per perché più quando quella quello questa questo se si sono
    su sua suo ti tu un una uno vi voi è sì poi allora`,
};

const cache = new Map<string, Set<string>>();

/** The stop words of a language (BCP 47 primary subtag); empty for languages without a list. */
export function stopWords(language: string): Set<string> {
  let words = cache.get(language);
  if (!words) {
    words = new Set((LISTS[language] ?? "").split(/\s+/).filter(Boolean));
    cache.set(language, words);
  }
  return words;
}

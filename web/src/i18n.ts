// Every word of the UI in Hungarian and English, from the catalogues.

import { FluentBundle, FluentResource } from '@fluent/bundle';
import type { FactCode, NamedMate, PgnResult, Side, Speed, TerminationCode } from './types';
import enSource from '../../crates/i18n/locales/en/sakk.ftl';
import huSource from '../../crates/i18n/locales/hu/sakk.ftl';

export type Lang = 'hu' | 'en';

/** The keys of the UI's words: each is the catalogue's message
 * `web-<key in kebab case>` (crates/i18n/locales/<lang>/sakk.ftl, the one
 * catalogue the server, the terminal and the browser share). */
const KEYS = [
  'appName',
  'navPlay',
  'navClock',
  'navHistory',
  'navAnalysis',
  'anOpening',
  'anMoves',
  'anNoMoves',
  'anComment',
  'anGlyphs',
  'anPromote',
  'anMainLine',
  'anDelete',
  'anFen',
  'anCopyPgn',
  'anDownloadPgn',
  'anEngine',
  'anLines',
  'anDepth',
  'anEvalBar',
  'imTitle',
  'imPaste',
  'imFile',
  'imSubmit',
  'imImporting',
  'imImported',
  'imProblems',
  'imOpen',
  'imEvent',
  'edTitle',
  'edTurn',
  'edCastling',
  'edEnPassant',
  'edNone',
  'edStart',
  'edClear',
  'edPointer',
  'edTrash',
  'edLegal',
  'edAnalyse',
  'edComputer',
  'edFriend',
  'language',
  'theme',
  'themeLight',
  'themeDark',
  'themeAuto',
  'newGame',
  'opponent',
  'oppLocal',
  'oppLocalHint',
  'oppFriend',
  'oppFriendHint',
  'oppComputer',
  'oppComputerHint',
  'level',
  'color',
  'white',
  'black',
  'random',
  'timeControl',
  'noClock',
  'custom',
  'bullet',
  'blitz',
  'rapid',
  'classical',
  'minutes',
  'increment',
  'delay',
  'delayKind',
  'delayBronstein',
  'delaySimple',
  'controlPgn',
  'tourNoDelay',
  'tourNoRoundYet',
  'tourTitleField',
  'tourFederationField',
  'historyMine',
  'historyOthers',
  'tcOther',
  'correspondence',
  'sandclock',
  'rules',
  'touchMove',
  'noEarlyDraw',
  'variant',
  'variantStandard',
  'variantChess960',
  'variantChess960Hint',
  'chess960Number',
  'start',
  'creating',
  'sendLink',
  'yourLink',
  'spectatorLink',
  'copy',
  'copied',
  'goToGame',
  'waitingOpponent',
  'yourTurn',
  'whiteToMove',
  'blackToMove',
  'computerThinking',
  'spectating',
  'flip',
  'offerDraw',
  'drawOffered',
  'drawOfferWithMove',
  'acceptDraw',
  'declineDraw',
  'opponentOffersDraw',
  'claimDraw',
  'claimThreefold',
  'claimFifty',
  'claimWithMove',
  'claimWithThisMove',
  'resign',
  'resignConfirm',
  'yes',
  'no',
  'abort',
  'takeback',
  'takebackOffered',
  'accept',
  'decline',
  'rematch',
  'rematchOffered',
  'joinRematch',
  'moves',
  'moveInput',
  'moveInputLabel',
  'play',
  'refused',
  'promoteTo',
  'queen',
  'rook',
  'bishop',
  'knight',
  'material',
  'opening',
  'result',
  'ongoing',
  'sound',
  'mute',
  'unmute',
  'downloadPgn',
  'copyFen',
  'analyse',
  'analysing',
  'analysis',
  'bestLine',
  'blunder',
  'mistake',
  'inaccuracy',
  'evalGraph',
  'connectionLost',
  'reconnected',
  'notFound',
  'touched',
  'clockTitle',
  'clockHint',
  'pause',
  'resume',
  'reset',
  'startClock',
  'moveCount',
  'flagged',
  'historyTitle',
  'historyEmpty',
  'date',
  'players',
  'status',
  'reason',
  'open',
  'statusCreated',
  'statusStarted',
  'statusEnded',
  'computerLevel',
  'you',
  'first',
  'declaredMove',
  'classOpen',
  'classSemiOpen',
  'classClosed',
  'phaseOpening',
  'phaseMiddlegame',
  'phaseEndgame',
  'phase',
  'networkError',
  'factCheckmate',
  'factStalemate',
  'factDoubleCheck',
  'factDiscoveredCheck',
  'factCheck',
  'factRoyalFork',
  'factDoubleAttack',
  'factFamilyFork',
  'factFork',
  'factCapture',
  'factEnPassant',
  'factCastling',
  'factPromotion',
  'namedFoolsMate',
  'namedScholarsMate',
  'namedSmotheredMate',
  'namedBackRankMate',
  'prev',
  'next',
  'last',
  'error',
  'whiteWins',
  'blackWins',
  'draw',
  'lowTime',
  'cancel',
  'periodMoves',
  'periodThen',
  'king',
  'pawn',
  'emptySquare',
  'boardKeys',
  'selected',
  'navLearn',
  'learnTitle',
  'learnIntro',
  'learnLessons',
  'learnTask',
  'learnReset',
  'learnNext',
  'learnDone',
  'learnWrong',
  'learnFlag',
  'learnClaim',
  'learnPlayed',
  'learnTypeMove',
  'learnCheck',
  'navTournaments',
  'tourTitle',
  'tourIntro',
  'tourNew',
  'tourName',
  'tourSystem',
  'tourSwiss',
  'tourRoundRobin',
  'tourRounds',
  'tourDouble',
  'tourTimeControl',
  'tourNoDrawBefore',
  'tourCreate',
  'tourMine',
  'tourNone',
  'tourOrganiserLink',
  'tourPublicLink',
  'tourPlayers',
  'tourAddPlayer',
  'tourPlayerName',
  'tourRating',
  'tourPlayerTitle',
  'tourFederation',
  'tourClub',
  'tourAdd',
  'tourWithdraw',
  'tourReinstate',
  'tourWithdrawn',
  'tourRound',
  'tourGrid',
  'tourByRound',
  'qrCode',
  'tourDetails',
  'tourCity',
  'tourStart',
  'tourEnd',
  'tourArbiter',
  'tourDeputies',
  'tourDeputiesShort',
  'tourSchedule',
  'tourRoundDate',
  'tourRoundTime',
  'tourSaveDetails',
  'tourDetailsSaved',
  'tourDetailsHint',
  'tourFamilyName',
  'tourGivenName',
  'tourBoard',
  'tourUnpairRound',
  'tourDrawLots',
  'tourForbidden',
  'tourForbidPair',
  'tourAllowPair',
  'tourLotsDrawn',
  'tourPairings',
  'tourStandings',
  'tourCrosstable',
  'tourPlace',
  'tourRank',
  'tourPoints',
  'tourBye',
  'tourByePairing',
  'tourByeHalf',
  'tourByeZero',
  'tourByeAbsent',
  'tourResult',
  'tourDownloadTrf',
  'tourDownloadPgn',
  'tourPrint',
  'tourFinished',
  'tourNextAddPlayers',
  'tourNextResults',
  'tourRequestBye',
  'tourByeNone',
  'tourOpen',
  'tourNotFound',
  'tourOnline',
  'tourChess960',
  'tourRated',
  'tourRatedMode',
  'tourJoinAsAccount',
  'tourOnlineMode',
  'tourRules2017',
  'tourTiebreakRules2024',
  'tourYouAre',
  'tourYourGame',
  'tourYourBye',
  'tourJoin',
  'tourJoinButton',
  'tourJoinLink',
  'tourPlayerLinks',
  'tourWatch',
  'tourBack',
  'tourByeFull',
  'tourImport',
  'tourPerformance',
  'tourRatingChange',
  'navAccount',
  'accTitle',
  'accIntro',
  'accLogIn',
  'accSignUp',
  'accUsername',
  'accPassword',
  'accSignedInAs',
  'accLogOut',
  'accMyGames',
  'accTokens',
  'accTokensIntro',
  'accTokenDescription',
  'accTokenScopes',
  'accTokenCreate',
  'accTokenShownOnce',
  'accTokenRevoke',
  'accTokenNone',
  'accChangePassword',
  'accCurrentPassword',
  'accNewPassword',
  'accPasswordChanged',
  'accClose',
  'accCloseWarning',
  'accRating',
  'accUltraBullet',
  'accCorrespondence',
  'lobby',
  'lobbyQuick',
  'lobbySeeks',
  'lobbyNoSeeks',
  'lobbySearching',
  'lobbyCancel',
  'lobbyCreate',
  'lobbyAccept',
  'lobbyLogIn',
  'lobbyPlayer',
  'lobbyRating',
  'lobbyMode',
  'lobbyRated',
  'lobbyCasual',
  'lobbyRatingRange',
  'profRatings',
  'profMemberSince',
  'profGames',
  'profWins',
  'profDraws',
  'profLosses',
  'profPlaying',
  'profRatingChart',
  'profNoRatedGames',
  'profDownload',
  'profClosed',
  'chalChallenge',
  'chalSend',
  'chalDays',
  'chalWithClock',
  'playingTitle',
  'playingYourTurn',
  'playingWaiting',
  'chalAccept',
  'chalDecline',
  'chalReason',
  'chalCancel',
  'chalCanceled',
  'chalExpired',
  'chalAccepted',
  'chalOpen',
  'chalOpenHint',
  'chalJoin',
  'chalJoinWhite',
  'chalJoinBlack',
  'chalWaitingSecond',
  'chalLogIn',
  'chalLinkAny',
  'chalLinkWhite',
  'chalLinkBlack',
  'chalView',
  'chalNew',
  'profRecent',
  'profNoGames',
  'chatTitle',
  'chatPlayers',
  'chatSpectators',
  'chatSay',
  'chatSend',
  'chatLogIn',
  'playersTitle',
  'playersSearch',
  'playersNone',
  'playersOnline',
  'playersFind',
  'profCategory',
  'profAllCategories',
  'profBothColours',
  'profRatedAndCasual',
  'profVs',
  'profPlayingNow',
] as const;

/** How many level names there are (`web-level-names-1` …). */
const LEVELS = 8;

type Key = (typeof KEYS)[number];

/** The words of one language. */
export type Dict = Record<Key, string> & { levelNames: string[] };

const kebab = (key: string) => key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`);

function load(locale: Lang, source: string): FluentBundle {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  bundle.addResource(new FluentResource(source));
  return bundle;
}

const bundles: Record<Lang, FluentBundle> = { en: load('en', enSource), hu: load('hu', huSource) };

/** The catalogue's message `id` in language `l`, with `args`; the id itself
 * when the catalogue lacks it (a unit test finds every such gap). */
export function message(l: Lang, id: string, args?: Record<string, string | number>): string {
  const m = bundles[l].getMessage(id);
  if (!m?.value) return id;
  return bundles[l].formatPattern(m.value, args);
}

/** The messages the UI uses that a catalogue lacks, as `lang:id`. */
export function missingWords(): string[] {
  const ids = [...KEYS.map(k => `web-${kebab(k)}`), ...Array.from({ length: LEVELS }, (_, i) => `web-level-names-${i + 1}`)];
  return (['en', 'hu'] as Lang[]).flatMap(l => ids.filter(id => !bundles[l].hasMessage(id)).map(id => `${l}:${id}`));
}

function words(l: Lang): Dict {
  const d = { levelNames: Array.from({ length: LEVELS }, (_, i) => message(l, `web-level-names-${i + 1}`)) } as Dict;
  for (const k of KEYS) d[k] = message(l, `web-${kebab(k)}`);
  return d;
}

const dicts: Record<Lang, Dict> = { en: words('en'), hu: words('hu') };

function initialLang(): Lang {
  // Outside a browser (the unit tests): English.
  if (typeof localStorage === 'undefined' || typeof navigator === 'undefined') return 'en';
  const saved = localStorage.getItem('sakk.lang');
  if (saved === 'hu' || saved === 'en') return saved;
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const l of langs) {
    const base = (l || '').slice(0, 2).toLowerCase();
    if (base === 'hu') return 'hu';
    if (base === 'en') return 'en';
  }
  return 'en';
}

let current: Lang = initialLang();

/** The UI language. */
export function lang(): Lang {
  return current;
}

/** Sets and remembers the UI language. */
export function setLang(l: Lang): void {
  current = l;
  localStorage.setItem('sakk.lang', l);
  document.documentElement.lang = l;
}

/** The words of the current language. */
export function t(): Dict {
  return dicts[current];
}

/** Termination codes as the server sends them, in words (the catalogue's
 * `termination-<code>`, the same words the server uses). */
export function terminationText(code: TerminationCode | null | undefined): string {
  if (!code) return '';
  return message(current, `termination-${code.replace(/_/g, '-')}`);
}

/** How a game ended, in words — the catalogue's `outcome-*` messages, put
 * together as the server's own words are (`sakk_i18n::outcome`): from the
 * result, the termination, the winner and the side whose resignation or
 * flag ended it. */
export function outcomeText(o: {
  result: PgnResult | null;
  termination: TerminationCode | null;
  winner: Side | null;
  ended_by: Side | null;
}): string {
  if (!o.termination) return '';
  if (o.result === null || o.result === '*' || o.termination === 'aborted') return message(current, 'outcome-aborted');
  if (o.result === '1/2-1/2' && o.termination === 'timeout') return message(current, 'outcome-timeout-draw', { side: o.ended_by ?? 'other' });
  if (o.result === '1/2-1/2' && o.termination === 'resignation') return message(current, 'outcome-resignation-draw');
  const how = terminationText(o.termination);
  return o.winner ? message(current, 'outcome-won', { side: o.winner, how }) : message(current, 'outcome-draw', { how });
}

/** A move fact's words (`royal_fork` → the catalogue's web-fact-royal-fork). */
export function factName(code: FactCode): string {
  const key = `fact${code.split('_').map(p => p[0].toUpperCase() + p.slice(1)).join('')}` as keyof Dict;
  const words = t()[key];
  return typeof words === 'string' ? words : code;
}

/** A catalogue of its own (the rules guide's lessons), in both languages:
 * `get(id, args)` is the message in the current language, the id itself
 * when missing; `missing(ids)` lists the gaps as `lang:id`. */
export function catalogue(sources: Record<Lang, string>): {
  get: (id: string, args?: Record<string, string | number>) => string;
  missing: (ids: string[]) => string[];
} {
  const b: Record<Lang, FluentBundle> = { en: load('en', sources.en), hu: load('hu', sources.hu) };
  return {
    get: (id, args) => {
      const m = b[current].getMessage(id);
      return m?.value ? b[current].formatPattern(m.value, args) : id;
    },
    missing: ids => (['en', 'hu'] as Lang[]).flatMap(l => ids.filter(id => !b[l].hasMessage(id)).map(id => `${l}:${id}`)),
  };
}

/** A named mate's words (`scholars_mate` → Scholar's mate). */
export function namedMateName(m: NamedMate): string {
  const tr = t();
  const names: Record<NamedMate, string> = {
    fools_mate: tr.namedFoolsMate,
    scholars_mate: tr.namedScholarsMate,
    smothered_mate: tr.namedSmotheredMate,
    back_rank_mate: tr.namedBackRankMate,
  };
  return names[m];
}

/** The rating categories, fastest first, then Chess960's own. */
export const SPEEDS: Speed[] = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'chess960'];

/** A rating category's name in the UI's language. */
export function speedName(speed: Speed): string {
  const tr = t();
  const names: Record<Speed, string> = {
    ultraBullet: tr.accUltraBullet,
    bullet: tr.bullet,
    blitz: tr.blitz,
    rapid: tr.rapid,
    classical: tr.classical,
    correspondence: tr.accCorrespondence,
    chess960: tr.variantChess960,
  };
  return names[speed];
}

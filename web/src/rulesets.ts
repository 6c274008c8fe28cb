/* No DOM here, so that the tests can check the list against the server's rulesets. */

/** The rulesets the server ships, with the foul policy each has by default. */
export const RULESETS: { name: string; label: string; policy: 'penalise' | 'prevent' }[] = [
  { name: 'tenhou', label: 'Tenhou (online)', policy: 'prevent' },
  { name: 'wrc2015', label: 'WRC 2015', policy: 'penalise' },
  { name: 'ema2016', label: 'EMA 2016', policy: 'penalise' },
  { name: 'ema2012', label: 'EMA 2012', policy: 'penalise' },
  { name: 'russian', label: 'Russian rules', policy: 'penalise' },
  { name: 'wrc2022', label: 'WRC 2022', policy: 'penalise' },
  { name: 'mleague', label: 'M.League', policy: 'penalise' },
  { name: 'majsoul', label: 'Mahjong Soul (ranked)', policy: 'prevent' },
  { name: 'riichicity', label: 'Riichi City (ranked)', policy: 'prevent' },
];

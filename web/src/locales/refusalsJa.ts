import type { RefusalCode } from '@jantaku/shared/game/types';

/**
 * Why a move was refused, in Japanese: every code of the engine (typed: a new engine code fails
 * typecheck until it has words here) and the table server's commonest; others read in English.
 */
export const REFUSALS_JA: Readonly<Record<RefusalCode, string>> & Readonly<Record<string, string>> = {
  GAME_OVER: '対局は終了しました。',
  HAND_OVER: 'この局は終わりました：次の配牌をお待ちください。',
  NOT_YOUR_TURN: 'あなたの番ではありません。',
  NOTHING_TO_RESPOND: '応答する打牌がありません：鳴きの受付は終わりました。',
  ALREADY_RESPONDED: 'この打牌にはもう応答しました。',
  TILE_NOT_IN_HAND: 'その牌は手牌にありません。',
  BAD_COMMAND: 'その操作は今はできません。',
  MUST_DISCARD: '鳴いた後は打牌してください。',
  KUIKAE: '喰い替え：鳴いた牌やその筋の牌は鳴いた直後に切れません。',
  NOT_TENPAI: 'リーチには聴牌（テンパイ）になる打牌が必要です。',
  RIICHI_OPEN_HAND: 'リーチは門前でのみできます。',
  RIICHI_ALREADY: 'もうリーチしています。',
  RIICHI_NO_POINTS: '点棒が足りずリーチできません（1,000点必要）。',
  RIICHI_NO_TILES: '山の残りが少なくリーチできません。',
  RIICHI_MUST_TSUMOGIRI: 'リーチ中はツモ牌を切ります。',
  RIICHI_BAD_KAN: 'そのカンはリーチ中にはできません：待ちが変わります。',
  NOT_COMPLETE: 'その牌では和了形になりません。',
  NO_YAKU: '役なし：和了形ですが役がないため和了れません。',
  FURITEN: '振聴（フリテン）：和了牌を自分で切った（または見逃した）ためロンできません。ツモは可能です。',
  CANNOT_CALL: 'ここではその鳴きはできません。',
  INVALID_MELD: 'その牌では面子になりません。',
  LAST_TILE: '最後の牌は和了でのみ取れます。',
  KAN_LIMIT: 'すでに4回カンされています。',
  NOT_KYUUSHU: '九種九牌には第一ツモで9種類の么九牌が必要です。',
  DEAD_HAND: 'あなたの手は死に手です：和了・鳴き・リーチはできません。',
  MUST_DRAW: '先にツモってください。',
  ALREADY_DREW: 'この番はもうツモりました。',
  RATE_LIMITED: '操作が多すぎます：少しゆっくり。',
  SPECTATOR: '観戦中です：観戦者は打てません。',
  NOT_YOUR_SEAT: 'それは他の席です。',
  NOT_STARTED: '対局は始まっていません：プレイヤーを待っています。',
  INVITE_REQUIRED: 'この卓は非公開です：招待コードが必要です。',
  DISCONNECTED: '接続が切れました：再接続中です。少し後でもう一度。',
  TIMEOUT: 'サーバーが時間内に応答しませんでした。',
  ERROR: 'エラーが発生しました。',
};

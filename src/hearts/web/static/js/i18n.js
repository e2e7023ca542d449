// Every text the page shows, in English and Japanese (written for this project).
// t(key, params) picks the current language; {name} placeholders are filled from params.
import { TABLE_STRINGS } from "./i18n-table.js";

const EN = {
  title: "Hearts",
  tagline: "Avoid the hearts and the queen of spades",
  game_no: "Game #{n}",
  daily_label: "Daily game {date}",
  you: "You",
  seat_names_3: ["You", "West", "East"],
  seat_names_4: ["You", "West", "North", "East"],
  seat_names_5: ["You", "West", "Northwest", "Northeast", "East"],
  seat_names_6: ["You", "West", "Northwest", "North", "Northeast", "East"],
  // a score table too wide for the screen (five or six players on a phone) heads its columns so
  seat_short_5: ["You", "W", "NW", "NE", "E"],
  seat_short_6: ["You", "W", "NW", "N", "NE", "E"],
  // seven or more at the table (Cancellation Hearts): numbered clockwise from you
  seat_names_7: ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6"],
  seat_names_8: ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7"],
  seat_names_9: ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "Seat 8"],
  seat_names_10: ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "Seat 8", "Seat 9"],
  seat_names_11: ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "Seat 8", "Seat 9", "Seat 10"],
  // toolbar
  hint: "Hint", new_game: "New game", restart: "Restart", daily: "Daily", stats: "Stats",
  settings: "Settings", options: "Game options", help: "Rules", language: "日本語",
  language_label: "言語を日本語に切り替える", download: "Save record", scores: "Score sheet", friends: "Play with friends",
  last_trick: "Last trick", pass_btn: "Pass {k} cards", next_hand: "Next hand",
  close: "Close", start: "Start game", play_again: "Play again", menu: "Menu", menu_label: "Menu: more actions",
  level_chip: "Computer: {level}", taken: "Cards taken", taken_none: "nothing yet",
  // status
  your_turn: "Your turn: choose a card to play.",
  your_lead: "Your lead: choose a card to play.",
  waiting: "{name} is playing…",
  pass_to: "Choose {k} cards to pass to {name} ({dir}).",
  pass_chosen: "{n} of {k} chosen.",
  pass_waiting: "Passing…",
  pass_waiting_for: "You passed {cards}. Waiting for {names} to pass.", passed_mark: "passed: it leaves your hand once everyone has passed",
  no_pass: "No passing this hand: keep your cards.",
  received_from: "You received {cards} from {name}.",
  hearts_broken: "Hearts broken",
  hearts_unbroken: "Hearts can't be led yet",
  hearts_broken_help: "A heart has been played: hearts may now be led.",
  hearts_unbroken_help: "No heart has been played yet: you may discard a heart when you cannot follow suit, but not lead one.",
  hearts_any_time: "Hearts may be led any time",
  suit_any_time: "{suit} ({sym}) may be led any time", suit_any_time_help: "The penalty suit of this hand ({suit}) may be led at any time.",
  pot_due_help: "{pot} in the pot, {bid} bid and {points} for points taken so far: paid in when the hand is settled",
  hearts_any_time_help: "In this game hearts need not be broken: a heart may be led at any time.",
  won_trick: "{name} takes the trick.",
  plays: "{name} plays {card}.",
  you_play: "You play {card}.",
  moon_choice_q: "You shot the moon! How should it score?",
  moon_add: "Everyone else +{p}",
  moon_sub: "Me −{p}",
  loading: "Dealing…",
  error_net: "The server could not be reached. Try again.",
  dir_left: "left", dir_right: "right", dir_across: "across", dir_none: "no pass",
  hand_no: "Hand {n}",
  tricks_n: "{n} tricks", tricks_n_one: "1 trick",
  points_n: "{n} pts", points_n_one: "1 pt",
  cards_left: "{n} cards", cards_left_one: "1 card",
  // hand end / game over
  hand_over: "Hand {n} is over",
  moon_shot: "{name} shot the moon!",
  sun_shot: "{name} took every trick: shooting the sun!",
  this_hand: "This hand",
  total: "Total",
  game_over: "Game over",
  winner_one: "{names} wins!",
  winner_many: "{names} win — a shared victory!",
  winner_team: "{names} win!",
  you_win: "You win!",
  your_place: "You finished {place} of {n} with {total} points.",
  hand_col: "Hand",
  bd_title: "How", bd_hearts: "♥ ×{n}", bd_no_tricks: "no tricks", bd_moon: "moon ({name})",
  bd_moon_own: "shot the moon", bd_nothing: "nothing taken", bd_general: "General ({name})",
  bd_general_silent: "General without declaring ({name})", bd_general_silent_own: "General without declaring",
  chart_title: "Running totals", chart_summary: "Running totals after each of {n} hands.", chart_target: "game ends at {n}",
  // illegal reasons by code
  reason_must_follow_suit: "You must follow suit: {suit} was led and you still hold {suit}.",
  reason_must_lead_lowest_club: "The first trick opens with {card}.",
  reason_first_trick_points: "No penalty cards on the first trick while you hold anything else.",
  reason_hearts_not_broken: "Hearts are not broken yet: lead another suit.",
  reason_not_your_turn: "Wait for your turn.",
  reason_stale: "This game moved on in another tab or window; here it is as it stands now.",
  reason_not_in_hand: "That card is not in your hand.",
  reason_wrong_phase: "That cannot be done right now.",
  reason_bad_pass: "Choose exactly {k} cards to pass.",
  reason_busy: "Wait a moment: the other players are still playing.",
  suit_C: "clubs", suit_D: "diamonds", suit_H: "hearts", suit_S: "spades",
  // card names
  rank_2: "Two", rank_3: "Three", rank_4: "Four", rank_5: "Five", rank_6: "Six", rank_7: "Seven",
  rank_8: "Eight", rank_9: "Nine", rank_T: "Ten", rank_J: "Jack", rank_Q: "Queen", rank_K: "King",
  rank_A: "Ace",
  card_name: "{rank} of {suit}",
  selected: "selected",
  received_mark: "received", drawn_mark: "drawn from the stock",
  hint_mark: "suggested",
  hand_label: "Your hand", toolbar_label: "Game controls",
  trick_label: "Cards on the table",
  // forms
  variant: "Variant", players: "Players", level: "Computer players", deal_number: "Deal number",
  deal_random: "random", house_rules: "House rules", defaults_note: "Defaults follow the variant.",
  level_easy: "Easy", level_medium: "Medium", level_hard: "Hard", level_random: "Random (beginner)",
  yes: "Yes", no: "No",
  // settings
  table_colour: "Table colour", card_back: "Card back", four_colour: "Four-colour suits",
  sound: "Sound effects", auto_play: "Play the only legal card automatically",
  auto_playing: "Playing your only card, {card}…", speed: "Animation speed", speed_slow: "Slow", speed_normal: "Normal",
  speed_fast: "Fast", speed_off: "Off", lang_setting: "Language",
  colour_green: "Green felt", colour_blue: "Blue", colour_red: "Red", colour_grey: "Grey",
  back_blue: "Blue", back_red: "Red", back_green: "Green", back_black: "Black",
  // stats
  stats_title: "Your statistics", stats_note: "Kept in this browser only.",
  st_played: "Played", st_wins: "Wins", st_rate: "Win rate", st_best: "Best score",
  st_streak: "Streak", st_longest: "Longest streak", st_none: "No finished games yet.",
  st_reset: "Reset statistics",
  record_saved: "Game record downloaded.",
  record_saved_partial: "Game record downloaded: the hands finished so far. The hand in progress is not in it (its cards are still hidden); save again once it ends.",
  restarted: "Same deal, from the first hand.",
  resumed: "Welcome back: your game continues.",
  help_title: "Rules and tips",
  tab_rules: "Rules", tab_variants: "Variants", tab_tips: "Tips", tab_about: "About",
  keyboard_help: "Keyboard: C goes to your hand, ← → move across it, Enter plays or selects a card, P passes the cards chosen, H asks for a hint, T shows the cards taken, L the last trick.",
  trick_done: "Trick complete.",
  your_turn_soon: "Your turn next…",
  pass_line1: "Choose {k} cards to pass",
  pass_line2: "to {name} ({dir})",
  moon_mark: "☾ moon",
  show_scores: "Show the scores", show_results: "Show the results", close_table: "Close and look at the table",
  // links not understood
  link_bad: "Part of this link was not understood: {parts}",
  link_started: "Started instead: {game}.",
  game_desc: "game #{n}, {variant}, {players} players",
  bad_deal: "deal={v} is not a game number (1 to {max}), so the deal is random.",
  bad_variant: "variant={v} is not a variant we know, so standard Hearts is played.",
  bad_players: "players={v} does not fit ({min} to {max} players), so the usual number is used.",
  bad_level: "level={v} is not a computer level, so Medium is used.",
  bad_lang: "lang={v} is not a language of this page (en or ja), so the page is in English.",
  bad_opt: "opt.{k}={v} is not a value for “{rule}”, so the default is kept.",
  bad_opt_key: "opt.{k} is not a house rule we know; it is ignored.",
  refused_variant: "The server does not know this variant ({why}).",
  refused_option: "The server refused these rules ({why}).",
  refused_other: "The game could not be started ({why}).",
  // leaving an unfinished game
  confirm_title: "Leave this game?",
  confirm_restart_title: "Restart this game?",
  confirm_new: "Game #{n} is not finished. Starting another game ends it; it cannot be continued later.",
  confirm_new_ok: "Start the new game",
  confirm_restart: "Deal game #{n} again from the first hand? The hands played so far are lost.",
  confirm_restart_ok: "Restart",
  confirm_link: "This link opens game #{m}, but your game #{n} is not finished. Open the link and end your game?",
  confirm_link_ok: "Open the link",
  confirm_keep: "Keep playing",
  // options form checks
  err_range: "Enter a whole number from {min} to {max}.",
  err_min: "Enter a whole number of at least {min}.",
  err_whole: "Enter a whole number.",
  err_deal: "Enter a game number from 1 to {max}, or leave it empty for a random deal.",
  err_form: "Please correct the marked field.",
  st_players: "{n} players", st_legacy: "older games, any table",
  // decisions other than passing and playing (Game.pending() kinds), the family games' table
  bid_q: "Bid chips for the right to name the penalty suit",
  bid_q_high: "Bid chips for the right to name the penalty suit (highest so far: {n})",
  bid_none: "No bid", bid_n: "{n}", bid_n_label: "Bid {n} chips", bid_n_label_one: "Bid 1 chip",
  suit_q: "You won the auction: name the penalty suit",
  slam_q: "Bid the slam? You undertake to take every counting card.", bid_slam: "Bid the slam",
  suit_btn: "{sym} {suit}",
  decide_q: "Your choice ({kind})",
  waiting_bid: "{name} is bidding…",
  waiting_suit: "{name} is naming the penalty suit…",
  waiting_decide: "{name} is choosing…",
  your_bid: "Your bid: choose on the table.",
  your_suit: "Name the penalty suit on the table.",
  your_decide: "Your choice: choose on the table.",
  tag_bid: "bid {n}", tag_no_bid: "no bid", tag_slam_bid: "slam bid",
  slam_made: "{name} bid the slam and made it!", slam_made_you: "You bid the slam and made it!",
  slam_made_pair: "Slam made by {names}!", slam_made_pair_you: "Slam made by {names}: well played!",
  slam_failed: "{name} bid the slam and failed.", slam_failed_you: "You bid the slam and failed.",
  slam_failed_pair: "Slam failed: {names} score what the two took together.",
  slam_failed_pair_you: "Slam failed: {names} score what the two took together.",
  slam_partner: "{name} held 10♦: the silent partner.", bd_slam: "slam ({name})", bd_slam_own: "slam made",
  bd_capped: "(−{n}, down to 0)", tag_declarer: "names the suit",
  chips_n: "{n} chips", chips_n_one: "1 chip",
  pot_n: "Pot {n}", pot_help: "Chips in the pot", chips_col: "Chips",
  penalty_suit: "Penalty: {sym} {suit}", penalty_suit_help: "The suit named by {name}: its cards are the penalty cards of this hand",
  widow_n: "Widow: {n} cards", widow_help: "The winner of the first trick takes the widow",
  widow_yours: "Your widow:", widow_taken: "{name} took the widow",
  joker: "Joker", joker_short: "Joker", jokers_played: "Jokers played: {n}",
  // the French four-queens game: the General
  declare_q: "Declare the General? You undertake to take all four queens and every heart.",
  declare_none: "Pass", declare_none_label: "Do not declare",
  declare_general: "Declare General", declare_general_label: "Declare the General",
  your_declare: "Declare the General or pass, on the table.",
  waiting_declare: "{name} may declare the General…",
  tag_general: "General!", general_chip: "General: {name}",
  general_declared: "{name} declared the General.",
  // Hearts 1887's give-up (giveup.js)
  give_up_btn: "Give up the hand", give_up_label: "Give up the hand: you pay {price} chips to each opponent", give_up_title: "Give up this hand?",
  give_up_text: "You pay {price} chips to each opponent ({total} in all) and score nothing else this hand. Your cards leave play unseen; the others play the hand out without you.",
  give_up_ok: "Give up and pay {price} each", give_up_keep: "Keep playing", gave_up_badge: "gave up",
  gave_up_you: "You gave up the hand: you pay {price} chips to each opponent.", gave_up_other: "{name} gave up the hand and pays {price} chips to each opponent.",
  general_made: "{name} made the General: each opponent scores {p}.",
  general_failed: "{name}'s General failed: {name} scores {p}.",
  general_silent: "{name} took every penalty card without declaring: each opponent scores {p}.",
  general_made_you: "You made the General: each opponent scores {p}.",
  general_failed_you: "Your General failed: you score {p}.",
  general_silent_you: "You took every penalty card without declaring: each opponent scores {p}.",
  // Domino Hearts: the stock, the draws, the seats that went out
  stock_n: "Stock: {n}", stock_n_one: "Stock: 1", stock_help: "Cards left in the face-down stock",
  drew_n: "{name} drew {n} cards.", drew_n_one: "{name} drew 1 card.",
  you_drew: "You drew {cards}.", last_draw: "{name} drew {n}", tag_drew: "drew {n}",
  tag_out: "out {k}", out_title: "Out of cards, {k}",
  out_order: "Order of going out: {names}.",
  target_chip: "Game to {n}",
  // partnerships
  tag_partner: "partner", your_partner: "Your partner: {name}", tag_team_total: "team total {n}",
  you_win_team: "You and {names} win!", your_place_team: "Your team ({names}) finished {place} of {n} teams with {total} points.",
  chart_team: "{names}",
  team_col: "Team", team_totals: "Team totals", team_of: "{names}",
  // Cancellation Hearts: two packs
  pack_mark: "pack {k}", cancelled_pair: "The two {card} cancel each other: neither can win the trick.",
  cancelled_trick: "Two pairs cancel: the whole trick is cancelled, and its cards go to the winner of the next trick.",
  carry_chip: "Carried over: {n} cards", carry_help: "Cards of cancelled tricks: the winner of the next trick takes them",
  carry_taken: "{name} takes the trick and the {n} carried cards.",
  cancelled_mark: "cancelled",
  note_cancelled_trick: "Last trick cancelled (two pairs)", note_cancelled_pair: "Last trick: the two {card} cancelled",
};

const JA = {
  title: "ハーツ",
  tagline: "ハートとスペードのクイーンをよけるゲーム",
  game_no: "ゲーム #{n}",
  daily_label: "今日のゲーム {date}",
  you: "あなた",
  seat_names_3: ["あなた", "西", "東"],
  seat_names_4: ["あなた", "西", "北", "東"],
  seat_names_5: ["あなた", "西", "北西", "北東", "東"],
  seat_names_6: ["あなた", "西", "北西", "北", "北東", "東"],
  seat_short_5: ["あなた", "西", "北西", "北東", "東"],
  seat_short_6: ["あなた", "西", "北西", "北", "北東", "東"],
  seat_names_7: ["あなた", "1番", "2番", "3番", "4番", "5番", "6番"],
  seat_names_8: ["あなた", "1番", "2番", "3番", "4番", "5番", "6番", "7番"],
  seat_names_9: ["あなた", "1番", "2番", "3番", "4番", "5番", "6番", "7番", "8番"],
  seat_names_10: ["あなた", "1番", "2番", "3番", "4番", "5番", "6番", "7番", "8番", "9番"],
  seat_names_11: ["あなた", "1番", "2番", "3番", "4番", "5番", "6番", "7番", "8番", "9番", "10番"],
  hint: "ヒント", new_game: "新しいゲーム", restart: "最初から", daily: "今日のゲーム",
  stats: "成績", settings: "設定", options: "ルールを選ぶ", help: "遊び方", language: "English",
  language_label: "Switch the language to English", download: "記録を保存", scores: "得点表", friends: "友だちと遊ぶ",
  last_trick: "直前のトリック", pass_btn: "{k}枚渡す", next_hand: "次のハンドへ",
  close: "閉じる", start: "この設定で始める", play_again: "もう一度", menu: "メニュー", menu_label: "メニュー：ほかの操作",
  level_chip: "コンピューター：{level}", taken: "取ったカード", taken_none: "まだなし",
  your_turn: "あなたの番です。出すカードを選んでください。",
  your_lead: "あなたのリードです。出すカードを選んでください。",
  waiting: "{name}が考えています…",
  pass_to: "{name}（{dir}）に渡すカードを{k}枚選んでください。",
  pass_chosen: "{k}枚中{n}枚を選択中",
  pass_waiting: "カードを渡しています…",
  pass_waiting_for: "{cards}を渡しました。{names}が選ぶのを待っています。", passed_mark: "渡したカード：全員が渡し終えると手札から出ます",
  no_pass: "このハンドはカードを渡しません。",
  received_from: "{name}から{cards}が来ました。",
  hearts_broken: "ハートブレイク\u200b済み", // a line may break before 済み (a zero-width space), never inside a word
  hearts_unbroken: "ハートはまだリード不可",
  hearts_broken_help: "ハートが出たので、ハートをリードできます。",
  hearts_unbroken_help: "まだハートが出ていません。台札のスートがないときにハートを捨てることはできますが、リードはできません。",
  hearts_any_time: "ハートはいつでもリード可",
  suit_any_time: "{sym}{suit}はいつでもリード可", suit_any_time_help: "このハンドのペナルティのスート（{suit}）はいつでもリードできます。",
  pot_due_help: "ポット{pot}、入札{bid}、取った失点{points}：ハンドの精算で払い込まれます",
  hearts_any_time_help: "このゲームではハートブレイクを待たずに、いつでもハートをリードできます。",
  won_trick: "{name}がトリックを取りました。",
  plays: "{name}：{card}",
  you_play: "あなた：{card}",
  moon_choice_q: "シュート・ザ・ムーン達成！点数の付け方を選んでください。",
  moon_add: "ほかの全員に＋{p}",
  moon_sub: "自分から−{p}",
  loading: "カードを配っています…",
  error_net: "サーバーにつながりません。もう一度お試しください。",
  dir_left: "左隣", dir_right: "右隣", dir_across: "向かい", dir_none: "パスなし",
  hand_no: "第{n}ハンド",
  tricks_n: "{n}トリック",
  points_n: "{n}点",
  cards_left: "残り{n}枚",
  hand_over: "第{n}ハンド終了",
  moon_shot: "{name}がシュート・ザ・ムーンを決めました！",
  sun_shot: "{name}が全トリックを取りました（シュート・ザ・サン）！",
  this_hand: "このハンド",
  total: "合計",
  game_over: "ゲーム終了",
  winner_one: "{names}の勝ち！",
  winner_many: "{names}の勝ち（同点で勝利を分け合います）！",
  winner_team: "{names}の勝ち！",
  you_win: "あなたの勝ちです！",
  your_place: "あなたは{n}人中{place}（{total}点）でした。",
  hand_col: "ハンド",
  bd_title: "内訳", bd_hearts: "♥×{n}", bd_no_tricks: "トリックなし", bd_moon: "ムーン（{name}）",
  bd_moon_own: "シュート・ザ・ムーン", bd_nothing: "なし", bd_general: "ジェネラル（{name}）",
  bd_general_silent: "宣言なしのジェネラル（{name}）", bd_general_silent_own: "宣言なしのジェネラル",
  chart_title: "合計点の推移", chart_summary: "{n}ハンドごとの合計点。", chart_target: "{n}点で終了",
  reason_must_follow_suit: "{suit}がリードされました。{suit}を持っている間は{suit}を出してください。",
  reason_must_lead_lowest_club: "最初のトリックは{card}から始めます。",
  reason_first_trick_points: "最初のトリックでは、ほかに出せるカードがある限り失点カードは出せません。",
  reason_hearts_not_broken: "ハートはまだブレイクしていません。ほかのスートをリードしてください。",
  reason_not_your_turn: "あなたの番になるまでお待ちください。",
  reason_stale: "このゲームは別のタブかウィンドウで進んでいます。いまの状態を表示します。",
  reason_not_in_hand: "そのカードは手札にありません。",
  reason_wrong_phase: "今はその操作はできません。",
  reason_bad_pass: "渡すカードをちょうど{k}枚選んでください。",
  reason_busy: "少しお待ちください。ほかのプレイヤーがまだカードを出しています。",
  suit_C: "クラブ", suit_D: "ダイヤ", suit_H: "ハート", suit_S: "スペード",
  rank_2: "2", rank_3: "3", rank_4: "4", rank_5: "5", rank_6: "6", rank_7: "7", rank_8: "8",
  rank_9: "9", rank_T: "10", rank_J: "ジャック", rank_Q: "クイーン", rank_K: "キング",
  rank_A: "エース",
  card_name: "{suit}の{rank}",
  selected: "選択中",
  received_mark: "受け取ったカード", drawn_mark: "山札から引いたカード",
  hint_mark: "おすすめ",
  hand_label: "あなたの手札", toolbar_label: "ゲームの操作",
  trick_label: "場のカード",
  variant: "ゲームの種類", players: "人数", level: "コンピューターの強さ", deal_number: "配り番号",
  deal_random: "ランダム", house_rules: "ハウスルール", defaults_note: "初期値はゲームの種類に合わせて変わります。",
  level_easy: "やさしい", level_medium: "ふつう", level_hard: "強い", level_random: "ランダム（入門）",
  yes: "はい", no: "いいえ",
  table_colour: "テーブルの色", card_back: "カードの裏面", four_colour: "4色のマーク",
  sound: "効果音", auto_play: "出せるカードが1枚だけなら自動で出す",
  auto_playing: "出せるのは{card}だけなので出します…", speed: "アニメーションの速さ", speed_slow: "ゆっくり", speed_normal: "ふつう",
  speed_fast: "速い", speed_off: "なし", lang_setting: "言語",
  colour_green: "緑のフェルト", colour_blue: "青", colour_red: "赤", colour_grey: "グレー",
  back_blue: "青", back_red: "赤", back_green: "緑", back_black: "黒",
  stats_title: "あなたの成績", stats_note: "成績はこのブラウザにだけ保存されます。",
  st_played: "プレイ回数", st_wins: "勝利数", st_rate: "勝率", st_best: "最低スコア",
  st_streak: "現在の連勝", st_longest: "最長連勝", st_none: "まだ終わったゲームがありません。",
  st_reset: "成績をリセット",
  record_saved: "ゲームの記録をダウンロードしました。",
  record_saved_partial: "ゲームの記録をダウンロードしました（終わったハンドまで）。進行中のハンドはまだ伏せたカードがあるため入っていません。ハンドが終わってからもう一度保存してください。",
  restarted: "同じ配りで第1ハンドからやり直します。",
  resumed: "おかえりなさい。中断したところから続けます。",
  help_title: "ルールとコツ",
  tab_rules: "ルール", tab_variants: "バリエーション", tab_tips: "コツ", tab_about: "このゲームについて",
  keyboard_help: "キーボード：Cで手札へ移動、← →で手札の中を移動、Enterでカードを出す・選ぶ、Pで選んだカードを渡す、Hでヒント、Tで取ったカード、Lで直前のトリック。",
  trick_done: "トリックが終わりました。",
  your_turn_soon: "まもなくあなたの番です…",
  pass_line1: "渡すカードを{k}枚選んでください",
  pass_line2: "渡す相手：{name}（{dir}）",
  moon_mark: "☾ ムーン",
  show_scores: "得点を見る", show_results: "結果を見る", close_table: "閉じてテーブルを見る",
  link_bad: "リンクの一部を読み取れませんでした。{parts}",
  link_started: "代わりに始めたゲーム：{game}。",
  game_desc: "#{n}・{variant}・{players}人",
  bad_deal: "deal={v} は配り番号（1〜{max}）ではないため、ランダムな配りにしました。",
  bad_variant: "variant={v} という種類はないため、標準のハーツにしました。",
  bad_players: "players={v} は使えない人数（{min}〜{max}人）のため、通常の人数にしました。",
  bad_level: "level={v} というコンピューターの強さはないため、「ふつう」にしました。",
  bad_lang: "lang={v} はこのページの言語（en または ja）ではないため、日本語で表示しています。",
  bad_opt: "opt.{k}={v} は「{rule}」の値として使えないため、初期値のままにしました。",
  bad_opt_key: "opt.{k} というハウスルールはないため、無視しました。",
  refused_variant: "サーバーがこの種類を知りません（{why}）。",
  refused_option: "サーバーがこのルールを受け付けませんでした（{why}）。",
  refused_other: "ゲームを始められませんでした（{why}）。",
  confirm_title: "このゲームをやめますか？",
  confirm_restart_title: "最初からやり直しますか？",
  confirm_new: "ゲーム #{n} はまだ終わっていません。新しいゲームを始めると、このゲームは続けられなくなります。",
  confirm_new_ok: "新しいゲームを始める",
  confirm_restart: "ゲーム #{n} を第1ハンドから配り直しますか？ここまでのハンドは消えます。",
  confirm_restart_ok: "最初からやり直す",
  confirm_link: "このリンクはゲーム #{m} を開きますが、ゲーム #{n} がまだ終わっていません。リンクを開いて今のゲームを終えますか？",
  confirm_link_ok: "リンクを開く",
  confirm_keep: "今のゲームを続ける",
  err_range: "{min}から{max}までの整数を入力してください。",
  err_min: "{min}以上の整数を入力してください。",
  err_whole: "整数を入力してください。",
  err_deal: "配り番号は1〜{max}の整数です。空欄ならランダムに配ります。",
  err_form: "印のついた項目を直してください。",
  st_players: "{n}人", st_legacy: "以前のゲーム（人数不明）",
  bid_q: "ペナルティのスートを決める権利にチップを賭けてください",
  bid_q_high: "ペナルティのスートを決める権利にチップを賭けてください（最高：{n}）",
  bid_none: "パス", bid_n: "{n}", bid_n_label: "チップ{n}枚を賭ける", bid_n_label_one: "チップ1枚を賭ける",
  suit_q: "せり落としました。ペナルティのスートを決めてください",
  slam_q: "スラムを宣言しますか？ 数えるカードを全部取ると約束します。", bid_slam: "スラムを宣言",
  suit_btn: "{sym} {suit}",
  decide_q: "選んでください（{kind}）",
  waiting_bid: "{name}が賭けています…",
  waiting_suit: "{name}がスートを決めています…",
  waiting_decide: "{name}が選んでいます…",
  your_bid: "あなたの番です。テーブルで賭けてください。",
  your_suit: "テーブルでペナルティのスートを決めてください。",
  your_decide: "あなたの番です。テーブルで選んでください。",
  tag_bid: "{n}枚", tag_no_bid: "パス", tag_slam_bid: "スラム宣言",
  slam_made: "{name}がスラムを宣言して成功しました！", slam_made_you: "あなたはスラムを宣言して成功しました！",
  slam_made_pair: "{names}がスラムに成功しました！", slam_made_pair_you: "{names}がスラムに成功しました！",
  slam_failed: "{name}がスラムを宣言して失敗しました。", slam_failed_you: "あなたはスラムを宣言して失敗しました。",
  slam_failed_pair: "スラム失敗：{names}は二人が取った点を合わせて受けます。",
  slam_failed_pair_you: "スラム失敗：{names}は二人が取った点を合わせて受けます。",
  slam_partner: "{name}が10♦を持つ隠れたパートナーでした。", bd_slam: "スラム（{name}）", bd_slam_own: "スラム成功",
  bd_capped: "（−{n}、0点まで）", tag_declarer: "スートを決める",
  chips_n: "チップ{n}",
  pot_n: "ポット{n}", pot_help: "ポットのチップ", chips_col: "チップ",
  penalty_suit: "ペナルティ：{sym} {suit}", penalty_suit_help: "{name}が決めたスート。このハンドではそのスートのカードが失点になります",
  widow_n: "ウィドー：{n}枚", widow_help: "最初のトリックを取った人がウィドーをもらいます",
  widow_yours: "あなたのウィドー：", widow_taken: "{name}がウィドーを取りました",
  joker: "ジョーカー", joker_short: "ジョーカー", jokers_played: "出たジョーカー：{n}",
  declare_q: "ジェネラルを宣言しますか？ 4枚のクイーンとハートを全部取ると約束します。",
  declare_none: "パス", declare_none_label: "宣言しない",
  declare_general: "ジェネラル宣言", declare_general_label: "ジェネラルを宣言する",
  your_declare: "テーブルでジェネラルを宣言するかパスしてください。",
  waiting_declare: "{name}がジェネラルを宣言するか考えています…",
  tag_general: "ジェネラル！", general_chip: "ジェネラル：{name}",
  general_declared: "{name}がジェネラルを宣言しました。",
  give_up_btn: "このハンドを降りる", give_up_label: "このハンドを降りる（相手それぞれにチップ{price}枚）", give_up_title: "このハンドを降りますか？",
  give_up_text: "相手それぞれにチップを{price}枚（合計{total}枚）払い、このハンドではほかに何も数えません。手札は伏せたまま除かれ、残りの人でハンドを続けます。",
  give_up_ok: "降りて{price}枚ずつ払う", give_up_keep: "プレイを続ける", gave_up_badge: "降りた",
  gave_up_you: "あなたはこのハンドを降りました。相手それぞれにチップを{price}枚払います。", gave_up_other: "{name}がこのハンドを降り、相手それぞれにチップを{price}枚払います。",
  general_made: "{name}のジェネラル成功：ほかの全員に{p}点。",
  general_failed: "{name}のジェネラル失敗：{name}に{p}点。",
  general_silent: "{name}が宣言なしで失点カードを全部取りました：ほかの全員に{p}点。",
  general_made_you: "ジェネラル成功：ほかの全員に{p}点。",
  general_failed_you: "ジェネラル失敗：あなたに{p}点。",
  general_silent_you: "宣言なしで失点カードを全部取りました：ほかの全員に{p}点。",
  stock_n: "山札：{n}枚", stock_help: "伏せて置いた山札の残り枚数",
  drew_n: "{name}が{n}枚引きました。", you_drew: "{cards}を引きました。",
  last_draw: "{name}が{n}枚引いた", tag_drew: "{n}枚引いた",
  tag_out: "{k}番上がり", out_title: "{k}番目に手札がなくなりました",
  out_order: "上がった順：{names}。",
  target_chip: "{n}点で終了",
  tag_partner: "パートナー", your_partner: "あなたのパートナー：{name}", tag_team_total: "チーム計 {n}",
  you_win_team: "あなたと{names}の勝ちです！", your_place_team: "あなたのチーム（{names}）は{n}チーム中{place}（{total}点）でした。",
  chart_team: "{names}",
  team_col: "チーム", team_totals: "チームの合計", team_of: "{names}",
  pack_mark: "{k}組目", cancelled_pair: "同じ{card}が2枚出て打ち消し合いました。どちらもトリックを取れません。",
  cancelled_trick: "打ち消し合う組が2つ出たので、このトリックは無効です。カードは次のトリックの勝者のものになります。",
  carry_chip: "持ち越し：{n}枚", carry_help: "無効になったトリックのカード。次のトリックの勝者が取ります",
  carry_taken: "{name}がトリックと持ち越しの{n}枚を取りました。",
  cancelled_mark: "打ち消し",
  note_cancelled_trick: "直前のトリックは無効（2組が打ち消し）", note_cancelled_pair: "直前のトリック：{card}が2枚で打ち消し",
};

Object.assign(EN, TABLE_STRINGS.en); // the table with friends (i18n-table.js)
Object.assign(JA, TABLE_STRINGS.ja);

export const STRINGS = { en: EN, ja: JA };
let lang = "en";

/** The language the address asks for (`?lang=ja` or `?lang=en`), else null. */
export function urlLanguage() {
  const l = new URLSearchParams(location.search).get("lang");
  return l === "ja" || l === "en" ? l : null;
}

/** The address's `?lang=` first, else the language chosen before (localStorage), else the browser's: "ja" or "en". */
export function initialLanguage() {
  const asked = urlLanguage();
  if (asked) return asked;
  try {
    const saved = localStorage.getItem("hearts.lang");
    if (saved === "ja" || saved === "en") return saved;
  } catch (e) { /* storage blocked */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("ja") ? "ja" : "en";
}

/**
 * Show the page in `l` ("ja", anything else is English).  `remember` false leaves the saved choice alone:
 * a link's `?lang=` shows the page in that language without changing the reader's own preference.
 */
export function setLanguage(l, remember = true) {
  lang = l === "ja" ? "ja" : "en";
  document.documentElement.lang = lang;
  if (!remember) return;
  try { localStorage.setItem("hearts.lang", lang); } catch (e) { /* ignore */ }
}

export function getLanguage() { return lang; }

/** A day "YYYY-MM-DD" as its language writes it: unchanged in English, 2026年12月7日 in Japanese. */
export function formatDay(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
  return m && lang === "ja" ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : iso;
}

export function t(key, params = {}) {
  if (params.n === 1 && STRINGS[lang][`${key}_one`] !== undefined) key = `${key}_one`;
  let s = STRINGS[lang][key];
  if (s === undefined) s = EN[key];
  if (s === undefined) return key;
  if (typeof s !== "string") return s;
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

/** Names as a list in the page's language: "Ben and Cleo", "Ben, Cleo, and Dov"; "ベン、クレオ". */
export function nameList(names) {
  return new Intl.ListFormat(lang === "ja" ? "ja" : "en", { style: "long", type: "conjunction" }).format(names);
}

/** "Queen of spades" / "スペードのクイーン" for "QS". */
export function cardName(card) {
  if (card === "JK") return t("joker");
  const rank = card.slice(0, -1);
  const suit = card[card.length - 1];
  let name = t("card_name", { rank: t(`rank_${rank}`), suit: t(`suit_${suit}`) });
  if (lang === "en") name = name.charAt(0).toUpperCase() + name.slice(1);
  return name;
}

export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "Q♠", "10♥" for "QS", "TH": the short name of a card, the same in both languages. */
export function cardShort(card) {
  if (card === "JK") return t("joker_short");
  const rank = card.slice(0, -1);
  return `${rank === "T" ? "10" : rank}${SUIT_SYMBOLS[card[card.length - 1]] || ""}`;
}

/** Replace card codes such as "2C" or "QS" inside a server sentence by "2♣", "Q♠". */
export function prettyCards(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([CDHS])\b|\bJK\b/g, (m) => cardShort(m));
}

export function seatName(seat, players) {
  const names = t(`seat_names_${players}`);
  return Array.isArray(names) ? names[seat] : `#${seat}`;
}

/** Fill every element with data-i18n="key" (text) or data-i18n-label (aria-label and title). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    if (el.tagName === "BUTTON") el.title = t(el.dataset.i18nLabel);
  }
  const trick = root.getElementById ? root.getElementById("trick") : null;
  if (trick) trick.setAttribute("aria-label", t("trick_label"));
}

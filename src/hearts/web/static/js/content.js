// Rules, variants, tips and about pages, written for this project in English and Japanese.
// Facts follow docs in the repository (variants.md); the wording is our own.

import { VARIANTS } from "./content-variants.js";

const D = '<span class="s-red">♦</span>';
const S = "♠";
const C = "♣";

const RULES = {
  en: `
<h3>The idea</h3>
<p>Hearts is a trick-taking game where you try <em>not</em> to take tricks that hold penalty cards.
Every heart costs 1 point and the queen of spades (Q${S}) costs 13. Points are bad: when the game ends,
the lowest total wins.</p>
<h3>Seats and cards</h3>
<p>You sit at the bottom (South). With four players West is on your left, North opposite and East on your right,
and play goes round clockwise: you, West, North, East. The whole 52-card pack is dealt, 13 cards each.
Aces are high and there are no trumps.</p>
<h3>Passing</h3>
<p>Before each hand everyone gives away three cards at the same moment, so you choose without knowing what
will arrive. The direction changes each hand: to the left, to the right, across the table, then a hand
with no passing, and round again. Tap three cards, then press the pass button. The cards you receive are
marked in green until you play your first card.</p>
<h3>Playing a trick</h3>
<ul>
<li>Whoever holds the 2${C} starts the first trick with it.</li>
<li>Each player in turn adds one card. If you have a card of the suit that was led, you must play one.</li>
<li>If you cannot follow suit you may play anything, with one exception: on the first trick you may not
play a heart or Q${S} unless your hand holds nothing else.</li>
<li>The highest card of the suit that was led wins the trick; a card of another suit never wins, however
high. The winner leads the next trick.</li>
</ul>
<h3>Hearts broken</h3>
<p>You may not lead a heart until a heart has been played on an earlier trick (“hearts are broken”),
unless your hand is all hearts. The queen of spades may be led whenever you like, and playing it does not
break hearts. The heart badge on the table lights up once hearts are broken. In games where hearts may be
led at any time (Black Maria, Domino Hearts, Auction Hearts, the 1887 game, or the house rule) the badge
says so instead.</p>
<h3>Scoring a hand</h3>
<p>After the last trick each player adds up the penalty cards in the tricks they took: 1 per heart,
13 for Q${S}, 26 in all. For example, taking Q${S} and two hearts scores 15.</p>
<h3>Shooting the moon</h3>
<p>Take <em>every</em> heart and the queen of spades in one hand and the scoring flips: you score 0 and
every other player scores 26. Miss a single heart and you keep your 25 points, so it is a gamble.</p>
<h3>End of the game</h3>
<p>When a hand ends with someone at 100 points or more, the game is over. The lowest total wins; if several
players share the lowest total they all win.</p>
<h3>Three, five or six players</h3>
<p>Cards are removed so everyone gets the same number: with 3 players the 2${D} goes (17 cards each);
with 5 the 2${C} and 2${D} (10 each, the 3${C} opens); with 6 the 2${C}, 2${D}, 2${S} and 3${C}
(8 each, the 4${C} opens). With 3 or 5 players passing goes left, right, then no pass; with 6, left,
right, across (three seats on), then no pass.</p>
<h3>Playing here</h3>
<ul>
<li>Tap or click a card to play it. Dimmed cards are not allowed right now: tap one to see why.</li>
<li><b>Hint</b> lights the card (or the three cards to pass) that the strongest computer player would choose.</li>
<li><b>Restart</b> deals the same cards again from the first hand. <b>New game</b> moves to the next
numbered deal; the number is shown at the top. Add <code>?deal=</code> and a number to the address to play
a particular deal, or share the address so a friend gets the same cards.</li>
<li><b>Daily</b> is the same deal for everyone today.</li>
<li>There is no undo, as at a real table.</li>
<li>Your game is saved in this browser as you play: close the tab and come back to carry on.</li>
</ul>`,
  ja: `
<h3>どんなゲーム？</h3>
<p>ハーツはトリックテイキングゲームですが、目標はトリックを<em>取らない</em>こと、正確には失点カードの入ったトリックを
取らないことです。ハートは1枚1点、スペードのクイーン（Q${S}）は13点の失点です。ゲームが終わったとき、合計点がいちばん
少ない人が勝ちます。</p>
<h3>席とカード</h3>
<p>あなたは画面の下（南）に座ります。4人なら左が西、向かいが北、右が東で、あなた→西→北→東と時計回りに進みます。
52枚をすべて配り、1人13枚です。エースがいちばん強く、切り札はありません。</p>
<h3>カードを渡す</h3>
<p>ハンドのはじめに、全員が同時に3枚ずつほかの人へ渡します。何が来るかわからないうちに選ぶことになります。
渡す相手はハンドごとに「左隣」「右隣」「向かい」「渡さない」の順に変わり、また左から繰り返します。
3枚をタップして渡すボタンを押してください。受け取ったカードには、最初のカードを出すまで緑の印が付きます。</p>
<h3>トリックの進め方</h3>
<ul>
<li>最初のトリックは、${C}2を持っている人がそれを出して始めます。</li>
<li>順番に1枚ずつ出します。最初に出されたカードと同じスートを持っていれば、必ずそのスートを出します。</li>
<li>同じスートがなければ何を出してもかまいません。ただし最初のトリックだけは、ほかに出せるカードがある限り、
ハートとQ${S}は出せません。</li>
<li>最初に出されたスートでいちばん強いカードを出した人がトリックを取ります。ほかのスートのカードは、どんなに強くても
勝てません。取った人が次のトリックを始めます。</li>
</ul>
<h3>ハートブレイク</h3>
<p>それまでのトリックでハートが1枚でも出る（ハートブレイクする）までは、ハートから始めることはできません。
手札がハートだけのときは例外です。Q${S}はいつでも最初に出せますが、Q${S}を出してもハートブレイクにはなりません。
ブレイクすると、テーブルのハートの印が赤く光ります。ハートをいつでもリードできるゲーム（ブラック・マリア、ドミノ・ハーツ、オークション・ハーツ、1887年のハーツ、またはハウスルール）では、印にそのことが表示されます。</p>
<h3>点数の数え方</h3>
<p>13トリックが終わったら、自分が取ったトリックの失点カードを数えます。ハート1枚1点、Q${S}が13点で、1ハンドに
合計26点あります。たとえばQ${S}とハート2枚を取ったら15点です。</p>
<h3>シュート・ザ・ムーン</h3>
<p>1ハンドでハート13枚とQ${S}を<em>すべて</em>取ると、点数が逆転します。あなたは0点、ほかの全員が26点です。
ただしハートを1枚でも取り逃がすと25点を抱えることになる、大きな賭けです。</p>
<h3>ゲームの終わり</h3>
<p>ハンドの終わりにだれかの合計が100点以上になったらゲーム終了です。合計点がいちばん少ない人の勝ちで、同点で並んだ人は
全員が勝ちです。</p>
<h3>3人・5人・6人で遊ぶとき</h3>
<p>全員の枚数をそろえるためにカードを抜きます。3人は${D}2を抜いて17枚ずつ。5人は${C}2と${D}2を抜いて10枚ずつで、
${C}3から始めます。6人は${C}2・${D}2・${S}2・${C}3を抜いて8枚ずつで、${C}4から始めます。3人と5人は左・右・渡さないの順、
6人は左・右・向かい（3つ先の席）・渡さないの順に渡します。</p>
<h3>このサイトでの遊び方</h3>
<ul>
<li>カードをタップ（クリック）すると出せます。暗いカードは今は出せないカードで、タップすると理由が表示されます。</li>
<li><b>ヒント</b>を押すと、いちばん強いコンピューターが選ぶカード（渡すときは3枚）が光ります。</li>
<li><b>最初から</b>は同じ配りを第1ハンドからやり直します。<b>新しいゲーム</b>は次の番号の配りに進みます。番号は画面上部に
表示されます。アドレスに <code>?deal=</code> と番号を付ければその配りを遊べ、アドレスを送れば友だちも同じカードで遊べます。</li>
<li><b>今日のゲーム</b>は、その日はだれでも同じ配りです。</li>
<li>実際のテーブルと同じく、出したカードは取り消せません。</li>
<li>ゲームは遊びながらこのブラウザに保存されます。タブを閉じても、また開けば続きから遊べます。</li>
</ul>`,
};

const TIPS = {
  en: `
<ol>
<li><b>Give away high spades you cannot protect.</b> While the queen is still out, the ace or king of spades can be
forced to win the trick she falls on. With only one or two low spades beside them, pass them.</li>
<li><b>Short in spades? Pass the queen.</b> With just one or two other spades she will soon be forced out, often onto
your own trick. With four or more spades to hide behind, keeping her is usually safer.</li>
<li><b>Empty a short suit.</b> Passing all two or three of your clubs or diamonds leaves you void, so every later lead
of that suit lets you throw away a heart or the queen.</li>
<li><b>Get rid of high cards early.</b> The first trick cannot carry points, so it is the safest time to play the ace or
king of clubs. Keep your 2s, 3s and 4s for the end of the hand, when tricks fill up with hearts.</li>
<li><b>Flush out the queen.</b> If your highest spade is the jack or lower, you cannot win a spade trick she drops on.
Lead spades and let the holder run out of cover.</li>
<li><b>Drop the queen on the leader.</b> When you cannot follow suit, give her to the player with the lowest total, but
watch the scores: pushing someone past the target ends the game, which is good news only if you are lowest.</li>
<li><b>Remember who is void.</b> A player who did not follow suit has none left; lead that suit again and they will
unload penalty cards on whoever wins.</li>
<li><b>Duck.</b> Play the highest card that still stays under the current winner: you shed a high card without taking
the trick.</li>
<li><b>Shoot the moon only with the right hand</b> (high hearts, a long suit headed by high cards, and control of the
queen) and decide before you pass.</li>
<li><b>Stop a moon by taking one heart.</b> If one player has the queen and every heart so far, take a heart trick even
if it costs a few points. Keeping a high heart back makes that possible.</li>
</ol>
<h3>Questions</h3>
<p><b>Does the queen of spades break hearts?</b> No, only a heart does (unless you choose that house rule).</p>
<p><b>Can the computer players see my cards?</b> No. Each plays from its own hand and the cards already played, just
as you do; the server keeps the hidden hands from them and from this page.</p>
<p><b>Is there an undo button?</b> No. Ask for a hint before you play, or restart the deal from its first hand.</p>
<p><b>Can I play the same deal as a friend?</b> Yes: share the address (it holds <code>?deal=</code> and the number), or
both play the daily game, and compare your final scores.</p>
<p><b>Are my games and statistics saved?</b> In this browser only. Clearing its data or changing device starts afresh.</p>`,
  ja: `
<ol>
<li><b>守れない高いスペードは渡す。</b>クイーンがまだ出ていないうちは、スペードのエースやキングがクイーンの落ちるトリックを
取らされることがあります。小さいスペードが1〜2枚しかなければ、渡してしまいましょう。</li>
<li><b>スペードが少ないならクイーンを渡す。</b>ほかのスペードが1〜2枚では、すぐにクイーンを出さざるをえなくなり、自分で取って
しまいがちです。スペードが4枚以上あれば、持っているほうが安全なことが多いです。</li>
<li><b>短いスートをなくす。</b>2〜3枚しかないクラブやダイヤをまとめて渡せば、そのスートがなくなります。以後そのスートが
リードされるたびに、ハートやクイーンを捨てられます。</li>
<li><b>高いカードは早めに処分。</b>最初のトリックには失点カードが出ないので、クラブのエースやキングを出すには絶好の場面です。
2〜4の小さいカードは、ハートが集まる終盤のために残しましょう。</li>
<li><b>クイーンをあぶり出す。</b>手持ちのいちばん高いスペードがジャック以下なら、クイーンの落ちるスペードのトリックを取ることは
ありません。スペードをリードして、クイーンを守るカードを減らしていきましょう。</li>
<li><b>クイーンは首位の人へ。</b>同じスートがないときは、合計点がいちばん低い人が取りそうなトリックにクイーンを出します。ただし、
だれかを目標点に押し上げるとゲームが終わります。それが得になるのは、自分が最低点のときだけです。</li>
<li><b>スートを切らした人を覚える。</b>同じスートを出さなかった人は、もうそのスートを持っていません。そのスートをまたリードすると、
取った人に失点カードを押しつけてきます。</li>
<li><b>すぐ下をくぐる。</b>今勝っているカードより弱い中でいちばん強いカードを出せば、トリックを取らずに高いカードを減らせます。</li>
<li><b>シュート・ザ・ムーンは手札しだい。</b>高いハート、高いカードから並ぶ長いスート、クイーンを押さえる力が必要です。狙うかどうかは
渡す前に決めましょう。</li>
<li><b>ハートを1枚取ってムーンを止める。</b>1人がクイーンとそれまでのハートを全部取っているなら、数点失ってもハートの入った
トリックを1つ取りましょう。そのために高いハートを1枚残しておくと安心です。</li>
</ol>
<h3>よくある質問</h3>
<p><b>スペードのクイーンでハートブレイクしますか？</b> いいえ。ブレイクするのはハートが出たときだけです（ハウスルールで変更できます）。</p>
<p><b>コンピューターには私のカードが見えていますか？</b> いいえ。あなたと同じく、自分の手札と出たカードだけを見て判断します。
ほかの人の手札はサーバーが隠していて、このページにも送られません。</p>
<p><b>「元に戻す」はありますか？</b> ありません。迷ったら先にヒントを押すか、最初からやり直してください。</p>
<p><b>友だちと同じ配りで遊べますか？</b> はい。アドレス（<code>?deal=</code>と番号が入っています）を送るか、2人で今日のゲームを遊んで
最終得点を比べましょう。</p>
<p><b>ゲームや成績は保存されますか？</b> このブラウザにだけ保存されます。ブラウザのデータを消したり、別の端末に替えたりすると
引き継がれません。</p>`,
};

const ABOUT = {
  en: `
<p>This is the web page of an open-source Hearts program: the rules engine and the computer players run on the
server, which sends this page only what the South seat may see.</p>
<h3>Keyboard</h3>
<ul>
<li><kbd>←</kbd> <kbd>→</kbd> move across your hand; <kbd>Home</kbd> / <kbd>End</kbd> jump to either end.</li>
<li><kbd>Enter</kbd> or <kbd>Space</kbd> plays the card, or selects it while passing; <kbd>P</kbd> passes.</li>
<li><kbd>H</kbd> asks for a hint; <kbd>L</kbd> shows the last trick; <kbd>T</kbd> shows the penalty cards each
player has taken so far.</li>
<li><kbd>C</kbd> (or the “Your hand” link, the first stop of <kbd>Tab</kbd>) puts the focus on your hand. On your
turn the focus goes to a card you can play by itself, so <kbd>Enter</kbd> after <kbd>Enter</kbd> plays on.</li>
</ul>
<h3>Saving and statistics</h3>
<p>The game in progress and your statistics (games, wins, win rate, best score and streaks, per variant) are kept in
this browser's local storage, never on the server. <b>Save record</b> downloads the game as a
<code>hearts-record/1</code> file that the <code>hearts score</code> command can read.</p>
<h3>Licence</h3>
<p>The page, its card drawings (generated as SVG by our own code) and its texts are released under the MIT licence,
like the rest of the project. No images, fonts or sounds from elsewhere are used; sounds are short tones made by
the Web Audio API.</p>`,
  ja: `
<p>これはオープンソースのハーツのプログラムのウェブページです。ルールの判定とコンピューターの思考はサーバーで行い、
サーバーはこのページに南の席から見える情報だけを送ります。</p>
<h3>キーボード操作</h3>
<ul>
<li><kbd>←</kbd> <kbd>→</kbd> で手札を移動、<kbd>Home</kbd>／<kbd>End</kbd> で端へ移動します。</li>
<li><kbd>Enter</kbd> か <kbd>Space</kbd> でカードを出します（渡すときは選択）。<kbd>P</kbd> でカードを渡します。</li>
<li><kbd>H</kbd> でヒント、<kbd>L</kbd> で直前のトリック、<kbd>T</kbd> で各プレイヤーがこれまでに取った失点カードを表示します。</li>
<li><kbd>C</kbd>（または <kbd>Tab</kbd> で最初に止まる「あなたの手札」リンク）で手札に移動します。あなたの番になると、出せるカードに自動でフォーカスが移ります。</li>
</ul>
<h3>保存と成績</h3>
<p>遊んでいるゲームと成績（ゲームの種類ごとのプレイ回数、勝利数、勝率、最低スコア、連勝記録）は、サーバーではなくこのブラウザの
ローカルストレージに保存されます。<b>記録を保存</b>を押すと、ゲームを <code>hearts-record/1</code> 形式のファイルとして
ダウンロードでき、<code>hearts score</code> コマンドで読み込めます。</p>
<h3>ライセンス</h3>
<p>このページ、カードの絵（独自のコードでSVGとして生成）、文章は、プロジェクト全体と同じくMITライセンスで公開しています。
外部の画像・フォント・音声は使っていません。効果音はWeb Audio APIで作る短い音です。</p>`,
};

const PAGES = { rules: RULES, variants: VARIANTS, tips: TIPS, about: ABOUT };

/**
 * HTML of one help section in one language.
 * @param {"rules"|"variants"|"tips"|"about"} tab
 * @param {"en"|"ja"} lang
 */
export function renderHelp(tab, lang) {
  const page = PAGES[tab] || RULES;
  const html = page[lang] || page.en;
  return lang === "ja" ? joinJapaneseLines(html) : html;
}

// Japanese is written without spaces between words: a line break inside a sentence of the source
// would show as a stray space, so a break between Japanese text (or an inline tag next to it) is removed.
const JA_CHAR = "[\u2600-\u26ff\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]";
const INLINE = "(?:b|code|em|kbd|span|strong)";
const JA_BREAK = new RegExp(`(${JA_CHAR}|</${INLINE}>)[ \\t]*\\n\\s*(?=[^<\\s]|<${INLINE}[ >])`, "g");
const JA_BREAK_AFTER_LATIN = new RegExp(`([A-Za-z0-9)])[ \\t]*\\n\\s*(?=${JA_CHAR})`, "g");

/** The HTML `html` with the line breaks inside Japanese sentences taken out. */
export function joinJapaneseLines(html) {
  return html.replace(JA_BREAK, "$1").replace(JA_BREAK_AFTER_LATIN, "$1");
}

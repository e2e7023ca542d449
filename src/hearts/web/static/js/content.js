// Rules, variants, tips and about pages, written for this project in English and Japanese.
// Facts follow docs in the repository (variants.md); the wording is our own.

const H = '<span class="s-red">♥</span>';
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

const VARIANTS = {
  en: `
<p>Choose a variant and house rules under <b>Game options</b>. They become part of the page address, so a link
reproduces the same game.</p>
<h3>Black Maria</h3>
<p>The British cousin of Hearts, usually played by three. It keeps the hearts and the queen of spades and adds two
more dangerous spades: the king costs 10 and the ace 7, so 43 points are at stake in every hand. Three cards are
passed to the right every hand, there is no rotation and no hand without a pass. The dealer moves one seat to the
left each hand, and the player after the dealer (eldest hand) leads any card: there is no 2${C} rule. Hearts may be
led at any time and penalty cards may fall on the first trick. There is no moon: taking everything simply costs 43.</p>
<table>
<thead><tr><th></th><th>Standard Hearts</th><th>Black Maria</th></tr></thead>
<tbody>
<tr><td>Penalty cards</td><td>hearts 1 each, Q${S} 13 (26 a hand)</td><td>hearts 1 each, Q${S} 13, K${S} 10, A${S} 7 (43 a hand)</td></tr>
<tr><td>Passing</td><td>left, right, across, none (3 and 5 players: left, right, none)</td><td>3 cards to the right, every hand</td></tr>
<tr><td>First lead</td><td>lowest club in the deck</td><td>eldest hand, any card</td></tr>
<tr><td>Leading hearts</td><td>only once broken</td><td>any time</td></tr>
<tr><td>Points on the first trick</td><td>not while you hold anything else</td><td>allowed</td></tr>
<tr><td>Moon</td><td>shooter 0, others 26</td><td>none</td></tr>
<tr><td>Cards removed</td><td>3 players 2${D}; 5: 2${C} 2${D}; 6: 2${C} 2${D} 2${S} 3${C}</td><td>3 players 2${C}; 5: 2${C} 2${D}; 6: all four 2s</td></tr>
</tbody></table>
<p>Some books swap the king and ace (A${S} 10, K${S} 7); the <i>Spade penalties</i> option offers it.</p>
<h3>Spot Hearts</h3>
<p>Every heart scores its face value: 2 to 10 as marked, jack 11, queen 12, king 13, ace 14, and the queen of
spades 25. A hand holds 129 points, so a single trick can change the game.</p>
<h3>Omnibus Hearts</h3>
<p>Standard Hearts plus a bonus card, the jack of diamonds: whoever takes it scores 10 points <em>off</em>. It is
counted apart from the penalty cards and plays no part in shooting the moon. Some tables use the ten of diamonds
instead (option <i>Bonus card</i>).</p>
<h3>Hearts of 1887</h3>
<p>The game as the first rule books printed it: no queen of spades, only the hearts count, one each. Nobody
passes; the player after the dealer (eldest hand) leads any card, and hearts may be led or thrown at any time.
It is settled in chips after every hand. The player (or players) with the fewest hearts collects from each other
player one chip per heart that player took: with 1, 2, 4 and 6 hearts the first player receives 2 + 4 + 6 = 12.
Players tied for fewest share what is paid, and chips that do not divide evenly wait in the pot for the next
hand's winners. Whoever takes all 13 hearts pays 13 chips instead, 4 to each opponent and 1 to the pot (with the
moon option the same player receives them). Four deals make a game; the most chips wins. Two old scorings are
offered as the <i>Heart values</i> option: the double game (ace 14, king 13, queen 12, jack 11, the rest face
value) and the eagle game (ace 5, king 4, queen 3, jack 2, the rest 1). A player who could still take every
heart (nobody else has taken one) may give up the hand on its turn instead of playing: its cards leave play
unseen, it scores nothing and pays 8 chips to each opponent, and the others play the hand out without it.</p>
<h3>Black Jack</h3>
<p>Black Lady with the jack of spades in the queen's place: J${S} costs 10 and Q${S} nothing, 23 points a hand.
One later book makes the jack 13 (option <i>Spade penalties</i>).</p>
<h3>Greek Hearts</h3>
<p>Four different games have carried the name.</p>
<ul>
<li><b>1939</b>: Q${S} 50, A${H} 15, the king, queen and jack of hearts 10 each and the other hearts their face
value: 149 a hand. Taking every penalty card gives each opponent 150 (the moon option can take it off the
shooter instead).</li>
<li><b>1950</b>: Black Lady with three changes. Cards always go to the right; the ten of diamonds is worth 10
points off (the jack under the <i>Bonus card</i> option); and the first trick may not be opened with a heart:
eldest hand leads it with any other card, and here hearts then wait until broken as usual.</li>
<li><b>1990</b>: Spot Hearts with the pass always to the left.</li>
<li><b>2008</b>: the 1939 scoring with every small heart worth 1: Q${S} 50, A${H} 15, heart courts 10, 104 a hand;
a clean sweep still gives each opponent 150.</li>
</ul>
<h3>Royal Hearts</h3>
<p>A boxed game of the 2000s in which each queen does something. Q${S} costs 26. Q${H} doubles every heart in the
tricks of whoever takes it, itself included, so one player can lose 26 on hearts alone. Q${D} takes 10 off its
taker's running total, but never below zero. Q${C} cancels a queen: the books do not agree which, so here it
wipes out the queen of spades if the same player took both, and the <i>Queen of clubs cancels</i> option lets it
cancel the queen of hearts (its point and its doubling) instead. Shooting the moon means taking every heart and
Q${S}; the shooter then picks: take the hand's score off the own total, or add it to everybody else. The hand's
score counts every queen's effect, the queen of diamonds' 10 off included: with Q${H}, Q${S} and Q${D} it is
26 + 26 − 10 = 42, and that Q${D} does not lower the shooter's total a second time.</p>
<h3>Omnibus slam and the generic game</h3>
<p>With the <i>Slam</i> option, Omnibus follows the old books: whoever takes every counting card (all hearts, Q${S}
and the bonus card) scores 26 points off and everybody else nothing. The first books used the ten of diamonds as
the bonus card; the jack is the common house rule and the default here. The generic game of the modern books is
standard Hearts with options: a fixed number of deals, the final totals settled against the average, and
“running”, the old name for the moon: the player who took every penalty card takes the maximum off the own
total or adds it to everyone else (the moon option: shooter chooses, subtract or add).</p>
<h3>Auction Hearts</h3>
<p>From an 1897 book. Nobody passes. After the deal each player in turn, starting left of the dealer and ending
with the dealer, may bid chips once (up to 10, each bid above the last) for the right to name the penalty suit.
The highest bidder pays the bid into the pool, names the suit and leads the first trick; every card of that suit
then costs 1, and there is no queen of spades. If nobody bids, hearts stay the penalty suit. The book says only that
the winner pays into the pool; the rest follows the usual pool game of the time: everyone pays one chip into the
pool per penalty card taken, and the players who took none share the pool (what does not divide stays in it, and a
hand in which everyone took some carries it over). Four deals make a game; the most chips wins. With the house rule
that the queen of spades breaks hearts, it breaks the named suit.</p>
<h3>Heartsette</h3>
<p>Standard Hearts with a widow: a few cards dealt to nobody. With four players the 2${S} leaves the pack, each
player gets 12 cards and 3 lie face down; with five, 10 each and 2; with six, 8 each and 4. For three players the
books give 16 each and 3 or 4 in the widow; here it is 4. Whoever wins the first trick takes the widow with any
penalty cards in it, may look at it and shows it to nobody; only that player sees it on the table. When the
2${C} lies in the widow, the lowest club dealt opens the first trick (3${C}, or the next one up).</p>
<h3>Joker Hearts</h3>
<p>From the same 1897 book: one joker joins the pack (the <i>Jokers</i> option allows two). A joker may be played
at any time, whether or not you could follow suit; it never wins a trick and costs nothing. Low cards leave the
pack so that it still deals evenly (2${D}, 2${C}, 2${S}, 3${C} and so on, in that order).</p>
<h3>Cancellation Hearts</h3>
<p>A game from 1950 for big tables: 6 to 11 players share two full packs shuffled together, so every card is there
twice. Low diamonds and spades leave in pairs (2${D} and 2${S} first, then the threes, then the fours) until the
cards deal out evenly; no club leaves, so a 2${C} still opens the first trick (either copy). The penalty cards are
the usual ones: 1 a heart, 13 a queen of spades, and both copies count. When the two copies of one card fall into
the same trick they <em>cancel</em>: neither can win it, and the highest other card of the suit led takes the trick.
On the table each of the two carries a small mark with the number of its pack. If two such pairs fall into one
trick, the whole trick is cancelled: nobody takes it, its leader leads again, and its cards wait in the middle for
the winner of the next trick. The source does not say what happens when the last trick of a hand is cancelled;
here its cards go to that trick's leader. The moon needs every heart and both queens of spades.</p>
<h3>The French four-queens game</h3>
<p>For 3 to 6 players, four being the best number. Every queen costs 13 and every other heart 1, so 64 points are
at stake in a hand. After the pass and before the first lead each player in turn, starting left of the dealer,
may declare <b>General</b>: a promise to take every queen and every heart. Once someone has declared, nobody else
may. If the General is made, each opponent scores 64 and the declarer nothing; if it fails, the declarer scores 64
and the others keep what they took. Taking everything without having declared also counts, but less: each
opponent scores 54. The books describe the scoring and the declaration but not the pass, so the usual Hearts pass
is kept here (the <i>Passing</i> option can turn it off).</p>
<h3>Domino Hearts</h3>
<p>Described in 1909. Each player gets only six cards; the rest of the pack is laid face down as a stock. There is
no pass and no queen of spades: each heart costs 1. The player left of the dealer leads any card. A player who
cannot follow suit must draw from the top of the stock, one card at a time, until able to follow; once the stock is
empty, any card may be played. A player whose hand runs out drops out of the hand, and the tricks go on among the
others. The last player still holding cards adds them, with whatever is left of the stock, to the tricks they took.
The game ends when someone reaches 31, and the lowest total wins. The table shows how many cards the stock holds,
who drew how many, and who has gone out. The source does not cover every player running out in the same trick; here
whoever takes that trick takes the rest of the stock.</p>
<h3>Partnership Hearts</h3>
<p>Four players in two teams, partners sitting opposite (you and North against West and East); your partner's panel
has a dashed border, and the score sheet adds the team totals. There are two ways to keep score.</p>
<ul>
<li><b>Joint scores</b>: a team's points are added together. If the two partners take every heart and the queen of
spades between them, the team has shot the moon and each opponent scores 26 (52 in all); when the moon is taken
off instead (the moon option), each partner scores −26 (the <i>Team moon</i> option: only the partner who took
more). The game ends when a team reaches 100, and the lower team wins.</li>
<li><b>Separate scores</b>: everyone scores alone, and only one player alone can shoot the moon (the partner then
scores nothing, the opponents 26 each). When someone reaches 100 the partners' totals are combined and the lower
team wins.</li>
</ul>
<p>The sources describe a third version, Omnibus Hearts with a slam bid in which the holder of the ten of diamonds
silently partners the bidder; it is listed in the menu once it plays here.</p>
<h3>House rules</h3>
<ul>
<li><b>Shooting the moon</b>: everyone else +26 (default); the shooter −26; the shooter chooses; or no moon at all.</li>
<li><b>Queen of spades breaks hearts</b>: after Q${S} is played, hearts may be led.</li>
<li><b>Penalty cards on the first trick</b> are allowed.</li>
<li><b>Hearts may be led at any time</b>.</li>
<li><b>Exactly the target drops to half</b>: a total of exactly 100 goes back to 50.</li>
<li><b>Passing</b>: the usual rotation, always left, always right, the rotation without the no-pass hand, or no passing.</li>
<li><b>Game ends at</b> any score you like (50 makes a short game).</li>
<li><b>Tie for lowest</b>: all tied players win (default), or play on until one player is alone at the bottom.</li>
<li><b>Shooting the sun</b>: taking every trick counts as a double moon.</li>
<li><b>First lead</b>: the lowest club (default) or eldest hand with any card.</li>
<li><b>−5 for taking no trick</b> in a hand.</li>
</ul>`,
  ja: `
<p><b>ルールを選ぶ</b>からゲームの種類とハウスルールを選べます。選んだ設定はページのアドレスに入るので、リンクを共有すれば同じ
ゲームを再現できます。</p>
<h3>ブラック・マリア</h3>
<p>イギリスで遊ばれてきたハーツの仲間で、ふつうは3人で遊びます。ハートとスペードのクイーンはそのままに、スペードのキング（10点）と
エース（7点）も失点になり、1ハンドに43点が懸かります。毎ハンド3枚を右隣に渡し、渡す方向は変わらず、渡さないハンドもありません。
親はハンドごとに1つ左へ移り、親の次の人（エルデストハンド）が好きなカードで始めます。${C}2から始める決まりはありません。ハートは
いつでもリードでき、最初のトリックに失点カードを出してもかまいません。シュート・ザ・ムーンはなく、全部取れば43点の失点です。</p>
<table>
<thead><tr><th></th><th>標準のハーツ</th><th>ブラック・マリア</th></tr></thead>
<tbody>
<tr><td>失点カード</td><td>ハート各1点、Q${S} 13点（1ハンド26点）</td><td>ハート各1点、Q${S} 13点、K${S} 10点、A${S} 7点（43点）</td></tr>
<tr><td>カードを渡す</td><td>左・右・向かい・なし（3人と5人は左・右・なし）</td><td>毎ハンド右隣に3枚</td></tr>
<tr><td>最初のリード</td><td>いちばん低いクラブ</td><td>親の次の人が好きなカード</td></tr>
<tr><td>ハートのリード</td><td>ブレイクしてから</td><td>いつでも</td></tr>
<tr><td>最初のトリックの失点カード</td><td>ほかのカードがある限り出せない</td><td>出せる</td></tr>
<tr><td>シュート・ザ・ムーン</td><td>達成者0点、ほかは26点</td><td>なし</td></tr>
<tr><td>抜くカード</td><td>3人 ${D}2／5人 ${C}2・${D}2／6人 ${C}2・${D}2・${S}2・${C}3</td><td>3人 ${C}2／5人 ${C}2・${D}2／6人 2を4枚すべて</td></tr>
</tbody></table>
<p>エースとキングの点を入れ替える（A${S} 10点、K${S} 7点）説明もあり、「スペードの失点」オプションで選べます。</p>
<h3>スポット・ハーツ</h3>
<p>ハートは数字どおりの点になります。2〜10はその数、ジャック11、クイーン12、キング13、エース14、スペードのクイーンは25点です。
1ハンドで129点が動くので、1回のトリックで形勢が変わります。</p>
<h3>オムニバス・ハーツ</h3>
<p>標準のハーツにボーナスカード（ダイヤのジャック）を加えます。これを取った人は10点<em>減点</em>されます。失点カードとは別に数え、
シュート・ザ・ムーンには関係しません。ダイヤの10をボーナスにする遊び方もあります（「ボーナスのカード」オプション）。</p>
<h3>1887年のハーツ</h3>
<p>初期のルールブックに載っていた形です。スペードのクイーンはなく、ハートだけが1枚1点です。カードは渡さず、親の次の人
（エルデストハンド）が好きなカードでリードし、ハートもいつでもリードしたり捨てたりできます。ハンドごとにチップで精算します。
ハートがいちばん少ない人は、ほかの人それぞれから、その人が取ったハートの枚数だけチップを受け取ります。1枚・2枚・4枚・6枚なら、
最初の人が2＋4＋6＝12枚を受け取ります。最少が同数の人たちは受け取ったチップを分け合い、割り切れない分はポットに残って次のハンドの
勝者のものになります。13枚のハートを全部取った人は、代わりに13枚を払います（相手に4枚ずつ、ポットに1枚。ムーンのオプションが
あれば逆に受け取ります）。4ハンドで1ゲーム、チップのいちばん多い人が勝ちです。「ハートの点」オプションで昔の2つの数え方も選べます。
ダブル・ゲーム（エース14、キング13、クイーン12、ジャック11、ほかは数字どおり）とイーグル・ゲーム（エース5、キング4、クイーン3、
ジャック2、ほかは1）です。まだハートを全部取る可能性がある人（ほかの誰もハートを取っていない）は、自分の番にカードを出す代わりに
そのハンドを降りられます。手札は伏せたまま除かれ、点は0、相手それぞれに8枚払い、残りの人でハンドを続けます。</p>
<h3>ブラック・ジャック</h3>
<p>ブラック・レディのクイーンの代わりにスペードのジャックを使います。J${S}が10点、Q${S}は0点で、1ハンド23点です。後の本には
ジャックを13点とするものもあります（「スペードの失点」オプション）。</p>
<h3>ギリシャのハーツ</h3>
<p>この名前で呼ばれたゲームは4つあります。</p>
<ul>
<li><b>1939年</b>：Q${S} 50点、A${H} 15点、ハートのキング・クイーン・ジャックは各10点、ほかのハートは数字どおりで、1ハンド149点です。
失点カードを全部取ると、相手それぞれに150点が入ります（ムーンのオプションで、達成者から引くこともできます）。</li>
<li><b>1950年</b>：ブラック・レディに3つの変更を加えたものです。カードはいつも右に渡し、ダイヤの10は10点の減点（「ボーナスのカード」
オプションでジャックにもできます）、最初のトリックはハートでリードできません。親の次の人がハート以外の好きなカードでリードし、
その後のハートはふだんどおりブレイクまで待ちます。</li>
<li><b>1990年</b>：いつも左に渡すスポット・ハーツです。</li>
<li><b>2008年</b>：1939年の数え方で、小さいハートを1点にしたものです。Q${S} 50点、A${H} 15点、ハートの絵札10点で1ハンド104点。
全部取れば相手それぞれに150点です。</li>
</ul>
<h3>ロイヤル・ハーツ</h3>
<p>2000年代の市販ゲームで、4枚のクイーンにそれぞれ役割があります。Q${S}は26点。Q${H}を取った人は、取ったハートがすべて（Q${H}自身も）
2倍になり、ハートだけで26点になることもあります。Q${D}は取った人の合計点から10点を引きます（0点より下にはなりません）。
Q${C}はクイーンの失点を消します。どのクイーンかは資料によって分かれるため、ここでは同じ人がQ${S}も取ったときにその26点を消す形を標準にし、
「クラブのクイーンが消すもの」オプションでハートのクイーン（その1点と2倍の効果）を消す形も選べます。シュート・ザ・ムーンはハート全部と
Q${S}を取ることで、達成者はそのハンドの点を自分の合計から引くか、ほかの全員に足すかを選びます。このハンドの点には、Q${D}の10点引きも
含めて、すべてのクイーンの効果が入ります。Q${H}・Q${S}・Q${D}を取っていれば26＋26−10＝42点で、そのQ${D}が達成者の合計をもう一度減らすことはありません。</p>
<h3>オムニバスのスラムと一般的なハーツ</h3>
<p>「スラム」オプションを使うと、オムニバスは古い本のとおりになります。数えるカード（ハート全部、Q${S}、ボーナスのカード）を全部取った人は
26点の減点、ほかの人は0点です。最初の本ではダイヤの10がボーナスのカードでしたが、ここではよく遊ばれるダイヤのジャックを標準にしています。
最近の本にある一般的なハーツは、標準のハーツにオプションを付けたものです。決まった回数のハンドで終える、最後の合計を平均点と比べて精算する、
そして「ランニング」（ムーンの古い呼び名）：失点カードを全部取った人が、最大の点を自分の合計から引くか、ほかの全員に足します
（ムーンのオプションの「達成者が選ぶ」「引く」「足す」）。</p>
<h3>オークション・ハーツ</h3>
<p>1897年の本にあるゲームです。カードは渡しません。配り終えたら、親の左隣から順に親まで、1人1回ずつ、ペナルティのスートを決める
権利にチップを賭けられます（10枚まで、前の人より多く）。いちばん多く賭けた人がそのチップをプールに払い、スートを決めて最初の
トリックをリードします。そのスートのカードが1枚1点になり、スペードのクイーンはありません。誰も賭けなければハートのままです。
本には勝った人がプールに払うことしか書かれていないので、残りは当時のふつうのプール・ゲームに従います。全員が取った失点カード
1枚につき1枚をプールに払い、1枚も取らなかった人たちでプールを分けます（割り切れない分は残り、全員が取ったハンドでは次へ
持ち越し）。4ハンドで1ゲーム、チップのいちばん多い人が勝ちです。「スペードのクイーンでハートがブレイク」のハウスルールでは、
決めたスートがブレイクします。</p>
<h3>ハーツェット</h3>
<p>標準のハーツに、誰にも配らないカード（ウィドー）を加えたものです。4人なら${S}2を抜いて1人12枚、残り3枚を伏せて置きます。
5人は10枚ずつと2枚、6人は8枚ずつと4枚です。3人については16枚ずつでウィドー3枚か4枚と資料が分かれるため、ここでは4枚にしています。
最初のトリックを取った人が、中の失点カードごとウィドーを取ります。その人だけが中を見られ、誰にも見せません。${C}2がウィドーに
あるときは、配られたいちばん低いクラブ（${C}3、なければその次）で最初のトリックを始めます。テーブルでもその人にだけ
表示されます。</p>
<h3>ジョーカー・ハーツ</h3>
<p>同じ1897年の本から。ジョーカーを1枚加えます（「ジョーカー」オプションで2枚にもできます）。ジョーカーは、リードされたスートを
出せるときでも、いつでも出せます。トリックを取ることはなく、点もありません。全員に同じ枚数が配れるように、低いカードを順に抜きます
（${D}2、${C}2、${S}2、${C}3…の順）。</p>
<h3>キャンセレーション・ハーツ</h3>
<p>1950年の本に載っている、大人数向けのゲームです。6〜11人で、2組のトランプを混ぜて使うので、同じカードが2枚ずつあります。
全員に同じ枚数が配れるように、ダイヤとスペードの低いカードを2枚ずつ抜きます（まず${D}2と${S}2、次に3、次に4）。クラブは抜かないので、
最初のトリックはこれまでどおり${C}2（どちらの1枚でも）から始まります。失点はふつうと同じで、ハート1点、スペードのクイーン13点、
どちらの組のカードも数えます。同じカード2枚が同じトリックに出ると、<em>打ち消し合い</em>ます。どちらもトリックを取れず、
リードされたスートのほかのいちばん高いカードが取ります。テーブルではその2枚に、何組目のカードかを示す小さな印が付きます。
打ち消し合う組が1つのトリックに2つ出ると、そのトリックは無効です。誰も取らず、同じ人がもう一度リードし、カードは中央に残って
次のトリックの勝者のものになります。ハンドの最後のトリックが無効になった場合について資料は何も書いていないので、ここでは
そのトリックをリードした人が取ることにしています。シュート・ザ・ムーンにはハート全部とスペードのクイーン2枚が必要です。</p>
<h3>フランスの4クイーン</h3>
<p>3〜6人で遊べますが、4人がいちばんよいとされます。クイーンは4枚とも13点、ほかのハートは1点で、1ハンドに64点が懸かります。
カードを渡したあと、最初のリードの前に、親の左隣から順に<b>ジェネラル</b>を宣言できます。クイーンとハートを全部取るという約束です。
誰かが宣言したら、ほかの人はもう宣言できません。成功すれば相手それぞれに64点、宣言した人は0点。失敗すれば宣言した人が64点で、
ほかの人は取った分だけの点です。宣言せずに全部取った場合も認められますが、少し安く、相手それぞれに54点です。資料は点の数え方と
宣言を説明していますが、カードを渡すかどうかには触れていないため、ここではふつうのハーツと同じように渡します
（「カードの渡し方」オプションでなしにできます）。</p>
<h3>ドミノ・ハーツ</h3>
<p>1909年の本にあるゲームです。配るのは1人6枚だけで、残りは伏せて山札にします。カードは渡さず、スペードのクイーンもなく、
ハートが1枚1点です。親の左隣が好きなカードでリードします。リードされたスートを出せない人は、出せるようになるまで山札の上から
1枚ずつ引かなければなりません。山札がなくなったら、どのカードを出してもかまいません。手札がなくなった人はそのハンドから抜け、
残りの人でトリックを続けます。最後まで手札が残った人は、その手札と山札の残りを自分の取ったカードに加えます。誰かが31点に
達したらゲーム終了で、合計のいちばん低い人が勝ちです。テーブルには山札の残り枚数、誰が何枚引いたか、誰が抜けたかが表示されます。
全員の手札が同じトリックでなくなる場合は資料に書かれていないので、ここではそのトリックを取った人が山札の残りも取ります。</p>
<h3>パートナーシップ・ハーツ</h3>
<p>4人が2チームに分かれ、パートナーは向かい合って座ります（あなたと北、西と東）。パートナーの枠は点線で表示され、得点表には
チームの合計が加わります。点の数え方は2通りです。</p>
<ul>
<li><b>チームの得点</b>：2人の点を合わせて数えます。2人でハート全部とスペードのクイーンを取るとチームのシュート・ザ・ムーンで、
相手それぞれに26点（合わせて52点）が入ります。ムーンのオプションで引く形にしたときは、2人とも−26点です（「チームのムーン」
オプションで、多く取った1人だけにもできます）。どちらかのチームが100点に達したら終了で、低いチームの勝ちです。</li>
<li><b>個人の得点</b>：点は1人ずつ数え、シュート・ザ・ムーンは1人で達成したときだけです（パートナーは0点、相手はそれぞれ26点）。
誰かが100点に達したら、パートナーどうしの合計を比べ、低いチームの勝ちです。</li>
</ul>
<p>資料にはもう1つ、スラムを宣言するオムニバス・ハーツの形があり、ダイヤの10を持つ人が黙って宣言者のパートナーになります。
ここで遊べるようになったらメニューに加わります。</p>
<h3>ハウスルール</h3>
<ul>
<li><b>シュート・ザ・ムーン</b>：ほかの全員に＋26（標準）、達成者から−26、達成者が選ぶ、またはムーンなし。</li>
<li><b>スペードのクイーンでもハートブレイク</b>：Q${S}が出たらハートをリードできます。</li>
<li><b>最初のトリックに失点カードを出せる</b>。</li>
<li><b>ハートをいつでもリードできる</b>。</li>
<li><b>ちょうど目標点なら半分に戻る</b>：合計がちょうど100点なら50点に戻ります。</li>
<li><b>カードの渡し方</b>：通常の順番、いつも左、いつも右、「渡さない」を除いた順番、渡さない。</li>
<li><b>終了する点数</b>は自由に決められます（50点なら短いゲームに）。</li>
<li><b>最低点が同点のとき</b>：同点の全員が勝ち（標準）か、1人に決まるまでハンドを続けます。</li>
<li><b>シュート・ザ・サン</b>：全トリックを取ると、ムーンの2倍として数えます。</li>
<li><b>最初のリード</b>：いちばん低いクラブ（標準）か、親の次の人が好きなカード。</li>
<li><b>トリックなしで−5点</b>：1トリックも取らなかった人は5点減点。</li>
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

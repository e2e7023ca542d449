// The variants page of the help (Game options, the games of the family and their house rules),
// in English and Japanese: split from content.js to keep each file short. Facts follow
// docs/variants.md; the wording is our own.

const H = '<span class="s-red">♥</span>';
const D = '<span class="s-red">♦</span>';
const S = "♠";
const C = "♣";

export const VARIANTS = {
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
spades 25. A hand holds 129 points, so a single trick can change the game. Some players count the ace 1 instead
(the house rule "Spot hearts: the ace of hearts counts 1"; 116 points a hand).</p>
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
books give 16 each and 3 or 4 in the widow; here it is 4 from the full pack, and the house rule "Widow size" set to
3 takes the 2${D} out for the other form. Whoever wins the first trick takes the widow with any
penalty cards in it, may look at it and shows it to nobody; only that player sees it on the table. When the
2${C} lies in the widow, the lowest club dealt opens the first trick (3${C}, or the next one up).</p>
<h3>Joker Hearts</h3>
<p>From the same 1897 book: one joker joins the pack (the <i>Jokers</i> option allows two). A joker may be played
at any time, whether or not you could follow suit; it never wins a trick and costs nothing. Low cards leave the
pack so that it still deals evenly (2${D}, 2${C}, 2${S}, 3${C} and so on, in that order).</p>
<h3>Cancellation Hearts</h3>
<p>A game from 1950 for big tables: 6 to 11 players share two full packs shuffled together, so every card is there
twice. Low diamonds and spades leave, both copies of a card together (2${D} and 2${S} first, then the threes, then
the fours), until the cards deal out evenly (at 9 and 11 players only one 3${D} of the two leaves); no club leaves, so a 2${C} still opens the first trick (either copy). The penalty cards are
the usual ones: 1 a heart, 13 a queen of spades, and both copies count. When the two copies of one card fall into
the same trick they <em>cancel</em>: neither can win it, and the highest other card of the suit led takes the trick.
On the table each of the two carries a small mark with the number of its pack. If two such pairs fall into one
trick, the whole trick is cancelled: nobody takes it, its leader leads again, and its cards wait in the middle for
the winner of the next trick. So is a trick in which every card of the suit led is cancelled (the two copies of
the only card of that suit played, say): no other card can win it. The source does not say what happens when the
last trick of a hand is cancelled; here its cards go to that trick's leader. The moon needs every heart and both queens of spades.</p>
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
more). The game ends when a team reaches 100, and the lower team wins; with the house rule "Exactly the target
score drops to half", a team landing on exactly 100 goes back to 50.</li>
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
1ハンドで129点が動くので、1回のトリックで形勢が変わります。エースを1点と数える遊び方もあり、ハウスルール「スポット・ハーツでハートのAを1点に」で選べます（1ハンド116点）。</p>
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
5人は10枚ずつと2枚、6人は8枚ずつと4枚です。3人については16枚ずつでウィドー3枚か4枚と資料が分かれるため、ここではすべてのカードを使って4枚にしています。ハウスルール「ウィドーの枚数」を3にすると、${D}2を抜いたもう一方の形になります。
最初のトリックを取った人が、中の失点カードごとウィドーを取ります。その人だけが中を見られ、誰にも見せません。${C}2がウィドーに
あるときは、配られたいちばん低いクラブ（${C}3、なければその次）で最初のトリックを始めます。テーブルでもその人にだけ
表示されます。</p>
<h3>ジョーカー・ハーツ</h3>
<p>同じ1897年の本から。ジョーカーを1枚加えます（「ジョーカー」オプションで2枚にもできます）。ジョーカーは、リードされたスートを
出せるときでも、いつでも出せます。トリックを取ることはなく、点もありません。全員に同じ枚数が配れるように、低いカードを順に抜きます
（${D}2、${C}2、${S}2、${C}3…の順）。</p>
<h3>キャンセレーション・ハーツ</h3>
<p>1950年の本に載っている、大人数向けのゲームです。6〜11人で、2組のトランプを混ぜて使うので、同じカードが2枚ずつあります。
全員に同じ枚数が配れるように、ダイヤとスペードの低いカードを同じカード2枚ずつ抜きます（まず${D}2と${S}2、次に3、次に4。9人と11人では${D}3は1枚だけ抜きます）。クラブは抜かないので、
最初のトリックはこれまでどおり${C}2（どちらの1枚でも）から始まります。失点はふつうと同じで、ハート1点、スペードのクイーン13点、
どちらの組のカードも数えます。同じカード2枚が同じトリックに出ると、<em>打ち消し合い</em>ます。どちらもトリックを取れず、
リードされたスートのほかのいちばん高いカードが取ります。テーブルではその2枚に、何組目のカードかを示す小さな印が付きます。
打ち消し合う組が1つのトリックに2つ出ると、そのトリックは無効です。誰も取らず、同じ人がもう一度リードし、カードは中央に残って
次のトリックの勝者のものになります。リードされたスートのカードがすべて打ち消されたトリック（そのスートで出たのが同じカード2枚だけのときなど）も、ほかに取れるカードがないので同じく無効です。ハンドの最後のトリックが無効になった場合について資料は何も書いていないので、ここでは
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
オプションで、多く取った1人だけにもできます）。どちらかのチームが100点に達したら終了で、低いチームの勝ちです。ハウスルール「ちょうど目標点なら半分に戻る」では、チームの合計がちょうど100点なら50点に戻ります。</li>
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

import sys, time, random, itertools, json
from hearts.rules import make_rules
from hearts.game import Game
from hearts.deal import numbered_deal
from hearts.view import player_view
from hearts.players.hard import search_pass, play_out, seat_points
from hearts.players.medium import pass_for_hand, pass_scores
from hearts.players.policy import policy_rules
from hearts.players.sim import Sim
from hearts import tricks
from hearts.cards import cards_of

rules = make_rules("standard")
def view_for(number, seat, hidx=0):
    g = Game(rules, None)
    g.hand_index = hidx - 1
    g.start_hand(deal=numbered_deal(rules, number, hidx))
    return player_view(g, seat)

def deep(view, cands, n_deals, rng):
    r = view.rules; n=r.players; me=view.seat; hand=view.hand; off=view.pass_offset
    pr = policy_rules(r); unseen = cards_of(r.deck & ~hand); others=[s for s in range(n) if s!=me]
    size=r.hand_size
    tot = {c:0.0 for c in cands}
    for _ in range(n_deals):
        rng.shuffle(unseen)
        hands=[0]*n; hands[me]=hand
        for j,s in enumerate(others):
            m=0
            for c in unseen[j*size:(j+1)*size]: m|=1<<c
            hands[s]=m
        passes=[0]*n
        for s in others:
            for c in pass_for_hand(r,hands[s]): passes[s]|=1<<c
        for cand in cands:
            pm=0
            for c in cand: pm|=1<<c
            passes[me]=pm
            after=[hands[s]&~passes[s]|passes[(s-off)%n] for s in range(n)]
            leader=tricks.first_leader(r,after,view.hand_index%n)
            sim=Sim(r,after,leader=leader); play_out(sim,pr)
            tot[cand]+=seat_points(sim,me)
    return {c:tot[c]/n_deals for c in cands}

if __name__=="__main__":
    start=int(sys.argv[1]); count=int(sys.argv[2]); ndeep=int(sys.argv[3]); budgets=[tuple(float(y) for y in x.split(":")) for x in sys.argv[4].split(",")]
    for number in range(start,start+count):
        for seat in range(4):
            v=view_for(number,seat, number%3)
            r=v.rules; k=r.pass_count; hand=v.hand
            scores=pass_scores(r,hand)
            top=sorted(scores,key=lambda c:(-scores[c],-c))[:8]
            cands={tuple(sorted(c)) for c in itertools.combinations(top,k)}
            base=tuple(sorted(pass_for_hand(r,hand))); cands.add(base)
            cands=sorted(cands)
            t=time.perf_counter(); d=deep(v,cands,ndeep,random.Random(99)); td=time.perf_counter()-t
            best=min(d.values())
            out={"deal":number,"seat":seat,"deep_s":round(td,1),"base_loss":round(d[base]-best,3),"top6_loss":round(min(d[c] for c in cands if all(x in top[:6] for x in c))-best,3)}
            for b,W,M in budgets:
                losses=[];ts=[]
                for sd in range(4):
                    t=time.perf_counter(); p,_=search_pass(v,random.Random(sd),int(b),width=int(W),base_margin=M); ts.append(time.perf_counter()-t)
                    losses.append(d.get(p, None))
                out[f"{b}:{W}:{M}"]=[round(x-best,3) if x is not None else None for x in losses]
                out[f"{b}:{W}:{M}_ms"]=round(1000*sum(ts)/len(ts))
            print(json.dumps(out),flush=True)

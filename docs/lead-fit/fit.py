"""Fits the lead weights of src/dd/lead_fit.rs (see README.md here).

python3 fit.py L2 PROBE.csv...  prints the two const blocks of lead_fit.rs (SUIT_WEIGHTS,
NOTRUMP_WEIGHTS), fields in its order; the weights kept were fitted with L2 = 1e-2.
"""
import numpy as np
import sys

# Columns of a probe line after id, card, killer, cut, cost (see probe.rs), then the order tried.
NAMES="trumpc istrump cls top bot pref nreps above tcost bonus otop lp lpd llho lrho rpd rlho rrho str otr need tl sc trp trpd trlho trrho ew ow1 ow2 ow3 pos suit rank".split()
def load(path):
    a=np.loadtxt(path,delimiter=',',dtype=np.int64)
    d={'id':a[:,0],'card':a[:,1],'killer':a[:,2],'cut':a[:,3],'cost':a[:,4]}
    for i,n in enumerate(NAMES): d[n]=a[:,5+i]
    d["ti"]=a[:,5+len(NAMES)]
    return d

def groups(ids):
    # start indices of each node (ids contiguous)
    b=np.flatnonzero(np.diff(ids))+1
    return np.concatenate(([0],b,[len(ids)]))

FIELDS=['trump','trump_excess','trump_len','trump_len_partner','trump_few_left','trump_all_needed','trump_need_share',
 'partner_ruffs','lho_ruffs','rho_ruffs']+[f'top_holder{i}' for i in range(4)]+[f'second_holder{i}' for i in range(4)]+[
 'highest','lowest','preferred','only','middle']+[f'len{i}' for i in range(4)]+[f'void{i}' for i in range(3)]+[
 'singleton','doubleton','highest_need_share','master','bonus_tenths','cost_tenths']+[f'class{i}' for i in range(5)]
def X_of(d):
    T=d['istrump'].astype(float); N=1-T; nf=d['need']/d['tl']
    F=[T, T*(d['str']-d['otr']), T*d['lp'], T*d['lpd'], T*((d['trlho']+d['trrho'])<=2), T*(d['need']==d['tl']), T*nf,
       d['rpd'], d['rlho'], d['rrho']]
    F+=[(d['otop']==i)*N for i in range(4)]+[(d['ow1']==i)*N for i in range(4)]
    F+=[d['top'], d['bot'], d['pref'], d['nreps']==1, (1-d['top'])*(1-d['bot'])]
    F+=[d['lp'], d['llho'], d['lpd'], d['lrho'], d['lpd']==0, d['llho']==0, d['lrho']==0, d['lp']==1, d['lp']==2,
        d['top']*nf, d['above']==0, d['bonus']/10, d['tcost']/10]
    F+=[(d['cls']==c)*N for c in [50,45,40,20,0]]
    return np.stack([d['sc']/10.0]+[np.asarray(f,float) for f in F],1)
def pairs(d, X):
    ids=d['id']; n=len(ids); cut=d['cut']==1; cost=d['cost'].astype(float); kil=d['killer']==1
    g=groups(ids); node=np.repeat(np.arange(len(g)-1), np.diff(g))
    # nodes where the killer cut: skip
    kc=np.zeros(len(g)-1,bool); np.logical_or.at(kc, node, kil&cut)
    ok=~kil & ~kc[node]
    # cheapest cutting non-killer card per node
    cc=np.where(ok&cut, cost, np.inf)
    order=np.lexsort((cc, node)); first=np.zeros(len(g)-1,int)-1
    sn=node[order]; st=np.r_[True, sn[1:]!=sn[:-1]]
    first[sn[st]]=order[st]
    has=np.isfinite(cc[first]) & (first>=0)
    c=first[node]; valid=ok & has[node] & (np.arange(n)!=c)
    o=np.flatnonzero(valid); c=c[o]
    w=np.where(cut[o], np.log((cost[o]+1)/(cost[c]+1)), np.log((cost[o]+cost[c]+1)/(cost[c]+1)))
    m=w>0
    return X[c[m]]-X[o[m]], w[m]
def train(P,W,l2=1e-3,it=3000,lr=0.5):
    th=np.zeros(P.shape[1]); th[0]=1.0; W=W/W.sum()
    m=np.zeros_like(th); v=np.zeros_like(th)
    for t in range(1,it+1):
        z=P@th; s=1/(1+np.exp(np.clip(z,-50,50)))
        grad=-(P.T@(W*s))+l2*th
        m=0.9*m+0.1*grad; v=0.999*v+0.001*grad**2
        th-=lr*0.05*(m/(1-0.9**t))/(np.sqrt(v/(1-0.999**t))+1e-8)
    return th
if __name__=='__main__':
    l2=float(sys.argv[1]); train_sets=sys.argv[2:]
    data=[load(p) for p in train_sets]
    out={}
    for kind in ['suit','nt']:
        Ps=[];Ws=[]
        for d in data:
            m=(d['trumpc']==1) if kind=='suit' else (d['trumpc']==0)
            dd={k:v[m] for k,v in d.items()}
            P,W=pairs(dd,X_of(dd)); Ps.append(P); Ws.append(W/W.sum())
        P=np.concatenate(Ps); W=np.concatenate(Ws)
        th=train(P,W,l2); w=th/th[0]*10; out[kind]=dict(zip(FIELDS,np.round(w[1:]).astype(int)))
        print(kind,'pairs',len(P), file=sys.stderr)
    for kind,name in [('suit','SUIT_WEIGHTS'),('nt','NOTRUMP_WEIGHTS')]:
        w=out[kind]; print(f'{name}:')
        arr=lambda p,k: '['+', '.join(str(w[f'{p}{i}']) for i in range(k))+']'
        for f in FIELDS:
            if f[-1].isdigit(): continue
            print(f'    {f}: {w[f]},')
        for p,k in [('top_holder',4),('second_holder',4),('len',4),('void',3),('class',5)]: print(f'    {p}: {arr(p,k)},')

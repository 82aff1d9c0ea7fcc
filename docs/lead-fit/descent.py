"""Coordinate descent of the lead weights of src/dd/lead_fit.rs on real node counts.

python3 descent.py BENCH STEPS OUT SET...
  BENCH  a `dd_single` bench binary built with descent-hooks.diff applied (it reads weights
         from the file named by LEAD_W and, with EXACT_ONLY set, runs only the exact pass)
  STEPS  step sizes in score units, one sweep each, e.g. 30,15
  OUT    prefix of the outputs: OUT.json (the weights after each accepted move), OUT.txt
  SET    .dt files, searched in parallel; the objective is their card nodes summed
Run from the repository's root (the bench finds ../shared from there). The notrump weights of
trump leads and ruffs are left out (never used). A move is kept when it saves 0.2% or more.
"""
import json, os, random, re, subprocess, sys, time

B, steps, out, SETS = sys.argv[1], [int(x) for x in sys.argv[2].split(',')], sys.argv[3], sys.argv[4:]
src = open('src/dd/lead_fit.rs').read()

def block(name):
    body = src.split(f'const {name}: LeadWeights = LeadWeights {{\n')[1].split('\n};')[0]
    w = {}
    for line in body.splitlines():
        k, v = line.strip().rstrip(',').split(': ', 1)
        v = eval(v)
        for i, x in enumerate(v if isinstance(v, list) else [v]):
            w[(k, i)] = x
    return w

W = {'SUIT': block('SUIT_WEIGHTS'), 'NOTRUMP': block('NOTRUMP_WEIGHTS')}
TRUMP = 'trump trump_excess trump_len trump_len_partner trump_few_left trump_all_needed trump_need_share partner_ruffs lho_ruffs rho_ruffs'.split()
params = [(k, f) for k in W for f in W[k] if not (k == 'NOTRUMP' and f[0] in TRUMP)]

def write(path):
    with open(path, 'w') as fh:
        for k in W:
            for (f, i), v in W[k].items():
                fh.write(f'{k} {f} {i} {v}\n')

def nodes():
    path = f'{out}.weights'
    write(path)
    env = dict(os.environ, EXACT_ONLY='1', LEAD_W=path)
    ps = [subprocess.Popen([B, '--bench'], env=dict(env, DD_FILE=s), stdout=subprocess.PIPE, text=True) for s in SETS]
    return sum(int(re.search(r'exact nodes (\d+)', p.communicate()[0]).group(1)) for p in ps)

best = nodes()
print('start', best, flush=True)
random.seed(1)
for step in steps:
    order = params[:]
    random.shuffle(order)
    for (k, f) in order:
        for d in (step, -step):
            W[k][f] += d
            v = nodes()
            if v < best * 0.998:
                print(f'{time.strftime("%H:%M:%S")} step {step} {k} {f} {W[k][f] - d}->{W[k][f]}: {best} -> {v}', flush=True)
                best = v
                json.dump({kk: {json.dumps(list(ff)): vv for ff, vv in dd.items()} for kk, dd in W.items()}, open(out + '.json', 'w'))
                break
            W[k][f] -= d
    print('sweep', step, 'best', best, flush=True)
write(out + '.txt')

# The hasenpfeffer deals a seat may imagine (engine.determinize.sample).
def determinize(state, seat, rng, into=None, inference=True):
    return state.determinize(seat, rng, into, inference)

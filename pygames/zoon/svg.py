def draw(obs, **kw):
    return "<svg/>"

"""Paternoster — the cooperative ladder game (the kit's package ``paternoster`` is named after it; this
subpackage ``lift``, after the paternoster lift the game is named for, holds the game's own engine).

The modules, lowest first:

    rules, variants    the rule set (:class:`Rules`) and the catalogue of variants and presets
    ladder, cost       where a card may go on a pile (placement) and what a play costs
    commands           command cards, burning cards and the deal
    actions, codec     the actions and their JSON form
    texts              every sentence the game says: cost words (data), log, refusals, reasons, table words
    position, variant_state  the state: construction and validation; the variant state and piles by name
    queries, lookahead legality: legal plays, refusals, and whether the minimum is still in reach
    transitions        applying an action, the end of a turn and of the game
    game               :class:`Game`, the state with every hook of the kit's game contract
    record             records that replay to the identical game
    table              the game seen as a card table (the adapter behind the card-table widget)
    bots, talking      the simple computer player and the talking team
    simulation         many games: the reference loop (and the choice of engine)
    fastsim, fastsim_tables, fastsim_kernel  the numpy simulation: calls and pool, tables, the loop
    fastsim_state, fastsim_start  where the numpy loop starts; started from given positions (a first action given)
    evaluation, texts_coach  "How good was that?": every option measured on paired re-deals, and its words
    coach_examples     the rule book's tips measured, and the lesson-4 question's positions
    level_list, levels the difficulty ladder and the rule book's claims
    examples           the rule book's worked examples as ready positions

Rules: ``docs/rules/paternoster.md``.
"""

PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('forum', """r/homebrewing  ·  posted by u/hopsandhope  ·  9 hr. ago

cloudy cider after bottling - ruined?

first batch ever, pressed from the apple tree in our garden (no idea of the variety, my neighbour thinks it's a Bramley). it was crystal clear in the demijohn and now it's cloudy in every bottle.

  level 1  ·  u/old_cooper  ·  8 hr. ago
  totally normal, that's the yeast waking up to carbonate. the haze settles back
  to the bottom after a week or two in the fridge.
  reply  ·  share  ·  report

  level 2  ·  u/hopsandhope  ·  8 hr. ago
  phew, thank you!! will leave them alone
  reply  ·  share  ·  report

sort by: best""", [
    (' posted by u', True, 0, '!'), ('cloudy cider', True), (' the apple tree in', True), (' a Bramley', True),
    (' in the demijohn', False), ('  reply  ·', True, 0, '!'), (' settles back\n  to the bottom', True, 0, '!'),
    (' totally normal', False), ('sort by:', True), (' will leave them alone', False),
])
P('news', """posted by staff writer  ·  photo: courtesy of the Hill family

Local baker turns 100, still makes bread every Friday

ASHBOURNE - Edna Hill, who was born in a cottage on Church Street in 1926, celebrated her 100th birthday on Saturday at the bakery her father opened after the war.

Hill, a member of the parish council for 31 years, says the secret is "flour, water and minding your own business."

The bakery, which is now run by her granddaughter Kate, belongs
to a network of independent bakers across the Peak District.

tags: community, centenarian  |  comments (4)
© 2026 Ashbourne Courier Ltd - all rights reserved""", [
    ('posted by staff', True, 0, '!'), (' courtesy of the Hill', True), (' who was born in', False), (' Church Street', False, 0, '!'),
    (' a member of the', False), (' minding your own business', False), (' belongs\nto a', True, 0, '!'),
    (' Peak District', False), (' comments (4)', True), (' all rights reserved', True, 0, '!'),
])
P('encyclopedia', """George H. W. Bush

George Herbert Walker Bush (June 12, 1924 - November 30, 2018) was an American politician who served as the 41st president of the United States from 1989 to 1993. A member of the Republican Party, he previously served as the 43rd vice president under Ronald Reagan.

Bush was born in Milton, Massachusetts, to Prescott Bush and Dorothy Walker Bush. He was the father of George W. Bush, the 43rd president, and of Jeb Bush, who served as governor
of Florida.

Main article: Presidency of George H. W. Bush""", [
    ('George Herbert Walker', False), (' who served as the', False), (' president of the United', False),
    (' A member of the', True), (' under Ronald Reagan', False, 0, '!'), ('Bush was born in', True, 0, '!'), (' was the father of', False),
    (' governor\nof', True, 0, '!'), ('Main article:', False), (' November 30,', True),
])
P('poetry', """Inventory

My mother was born
in a town that no longer exists
on any map you can buy. She kept
its name in a biscuit tin
with the buttons and the ration books.

She was the daughter of a miller,
the sister of four brothers,
the wife of a patient man.

She was, she said, a kind of
lighthouse: you do not thank it.
You just steer by it.

(c) Dana Whitlock. Used by permission of the author.""", [
    ('Inventory\n', True), (' was born\nin a', True, 0, '!'), (' no longer exists', False), (' in a biscuit tin', False),
    (' the daughter of a', False, 0, '!'), (' the sister of four', False), (' a kind of\nlighthouse', True),
    (' You just steer', True), (' Dana Whitlock', True), (' Used by permission of', False),
])

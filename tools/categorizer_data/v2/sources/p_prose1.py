PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('news', """Skip to main content | Subscribe | Sign In
BUSINESS | MARKETS

Harbor Freight Lines agrees to buy rival Delmont Shipping in $1.2bn deal
By Priya Raman, Staff Reporter
Updated 4:12 PM EST, Tue March 3, 2026

ROTTERDAM (Reuters) - Harbor Freight Lines said on Tuesday it had agreed to acquire Delmont Shipping, a family-owned carrier based in Antwerp, in a deal that would make the combined group the third-largest container operator on the North Sea routes.

Shares in Harbor rose 4.6% in early trading. Delmont, which was founded by the Verhaegen family in 1952, will keep its brand for at least two years, the companies said.

Related: Port strikes ease as unions reach deal
Advertisement""", [
    ('Skip to main', False), (' Sign In', True), (' Priya Raman', False, 0, '!'), (' agreed to acquire', False),
    (' based in Antwerp', False, 0, '!'), (' the third-largest', False), (' was founded by', False), (' 4.6%', True),
    ('Related:', True), (' Tuesday it', True),
])
P('news', """WORLD

Flooding forces thousands from homes along the Mekong
By Daniel Ochoa | Published 7 hours ago | 3 min read

PHNOM PENH, Cambodia - Rising water on the Mekong River has displaced more than 12,000 people in the past week, officials said Sunday, as monsoon rains swept across the lower basin.

"We lost everything in one night," said Sok Chenda, 54, a rice farmer from Kandal province, which borders the capital. Aid groups warned that the worst may be yet to come.

Copyright 2026 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.

Share this article   Facebook   X   Email
Most Read""", [
    (' Mekong River', False), (' more than 12,000', False), (' which borders the', False),
    (' may be yet to', False), (' All rights reserved', False), (' Associated Press', True),
    ('Share this article', True), ('Most Read', True), (' 3 min read', True),
])

P('forum', """Re: Timing belt or chain on the 2014 Outback 2.5i?
Posted by ridgerunner_77 » Sat Feb 14, 2026 9:41 pm

Quote from: subie_dave on Feb 14, 2026, 08:03:11 PM
> Pretty sure the FB25 is a chain engine, no belt to worry about.

Yep, Dave is right. The FB25 uses a timing chain, so there is no scheduled replacement. The older EJ25 is the one with the belt. I did mine at 105k and it took most of a Saturday.

Also check the PCV valve while you're in there, it's cheap.
_________________
'14 Outback Limited | ' 02 WRX wagon (RIP)
Reply  Quote  Report
Last edited by ridgerunner_77 on Sun Feb 15, 2026 8:12 am, edited 1 time in total.""", [
    ('Posted by', True), (' » Sat Feb', True), ('Quote from:', False), (' is a chain', False),
    (' The FB25 uses', True), (' the one with the', False), (' most of a Saturday', True),
    ('Reply  Quote', True), ('Last edited by', False), (' edited 1 time in', False),
])

P('forum', """Thread: Best way to store sourdough starter while on holiday?

Originally posted by breadhead_meg
I'm going to Portugal for three weeks and don't want to kill Gerald (yes, my starter has a name). Fridge? Freeze it? Dry it?

---
bakerboy_sam  |  Senior Member  |  Joined: Jun 2019  |  Posts: 2,318
Feed it thick, stick it in the back of the fridge and it'll be fine for three weeks. Mine survived a month once. Gerald will live.

like (12)  reply  share

---
Hope this helps!
-- Sam
"Bread is the warmest, kindest of words." """, [
    ('Originally posted by', True), (' to Portugal', False), (' Gerald (yes', True, 0, '!'), (' Senior Member', False),
    ('Joined: Jun', True), (' the back of the fridge', False), ('like (12)  reply', True), ('Hope this helps', True),
])

P('qa', """How do I convert a string to a date in Excel when the format is DD.MM.YYYY?
Asked 3 years, 2 months ago   Modified 1 year ago   Viewed 48k times

I have a column of dates exported from a German system that look like 23.11.2021. Excel treats them as text, so sorting doesn't work. I tried Format Cells but nothing changed.

excel   date   excel-formula

asked Nov 24, 2021 at 10:15
Lukas W.

3 Answers   Sorted by: Highest score (default)

Select the column, go to Data > Text to Columns, click Next twice, then choose Date: DMY and hit Finish. Excel will convert them in place. Alternatively use =DATE(RIGHT(A2,4),MID(A2,4,2),LEFT(A2,2)).

answered Nov 24, 2021 at 10:32
Improve this answer   Follow""", [
    ('Asked 3 years', True), (' Viewed 48k times', False), (' from a German system', True),
    (' Format Cells', True), ('asked Nov 24', True), ('Sorted by: Highest', False), (' Text to Columns', True),
    ('=DATE(RIGHT(', False), ('Improve this answer', False), (' in place', False),
])
P('qa', """Q: Why is the sky blue but sunsets are red?

Answer from Dr. Helen Marsh, atmospheric physicist, University of Leeds:

The short answer is Rayleigh scattering. Sunlight is a mix of all colours, and the molecules in the air scatter shorter wavelengths, such as blue and violet, much more strongly than red. During the day that scattered blue light reaches your eyes from every direction.

At sunset, light has to travel through far more atmosphere, so most of the blue is scattered away before it arrives and what is left is dominated by orange and red.

Was this answer helpful?  Yes  No
Related questions
Why is the ocean blue?""", [
    (' Helen Marsh', False, 0, '!'), (' University of Leeds', False), (' Rayleigh scattering', False, 0, '!'),
    (' is a mix of', False), (' such as blue', False), (' far more atmosphere', False),
    ('Was this answer helpful', True), ('Related questions', True),
])

P('product-page', """Home > Kitchen > Small Appliances > Kettles

Brevano KX-200 Cordless Electric Kettle, 1.7 L, Brushed Steel
4.4 out of 5 stars   2,861 ratings
$39.99   FREE delivery Thursday, March 12
In Stock.
Qty: 1   Add to Cart   Buy Now

About this item
- FAST BOIL: 1500W element brings 1.7 liters to a boil in about 4 minutes
- Auto shut-off and boil-dry protection
- BPA-free interior; compatible with all standard outlets
Ships from and sold by Brevano Direct.

Customers who viewed this item also viewed""", [
    ('Home > Kitchen', True), ('\nBrevano KX', False), (' 4.4 out of', False), (' 2,861 ratings', False),
    (' Add to Cart', True), ('FAST BOIL:', True), (' compatible with all', False, 0, '!'), (' sold by Brevano', False),
    ('Customers who viewed', False), (' in about 4 minutes', True),
])
P('product-page', """Mira Linen Duvet Cover - Sage Green
Made in Portugal from 100% stonewashed European flax. Our duvet covers are garment-washed for a soft, lived-in feel from the very first night.

Size: Queen (88" x 92")   Color: Sage
Price: $189.00  or 4 interest-free payments of $47.25 with Klarna

Details & Care
Machine wash cold, tumble dry low. Expect some natural creasing - that's part of the charm.

Reviews (214)
"Heavy, breathable and gorgeous. Worth every penny." - Anna K., verified buyer

You may also like   |   Free returns within 30 days   |   Sign up for 10% off""", [
    (' Made in Portugal', False), (' from 100%', False), (' interest-free payments', False),
    (' with Klarna', False, 0, '!'), ('Details & Care', True), (' part of the charm', False),
    (' verified buyer', True), ('You may also like', True), (' Free returns within', False),
])

P('recipe', """Jump to Recipe   Print Recipe

Grandma Rosa's Lemon Ricotta Pancakes
This post may contain affiliate links. Please read our disclosure policy.

These are the pancakes my grandmother made every Easter morning in Bari. The ricotta keeps them impossibly fluffy, and the lemon zest makes the whole kitchen smell like spring.

Ingredients
1 cup (125 g) all-purpose flour
1 tbsp sugar
1 tsp baking powder
3/4 cup whole-milk ricotta
2 large eggs, separated
Zest of 1 lemon

Instructions
1. Whisk the flour, sugar and baking powder in a large bowl.
2. In a second bowl, beat the egg whites until stiff peaks form.""", [
    ('Jump to Recipe', False), (' Print Recipe', True), (' Rosa\'s Lemon', False, 0, '!'), (' affiliate links', False),
    (' in Bari', False, 0, '!'), (' impossibly fluffy', False), ('1 cup (125', True), (' tsp baking powder', False),
    ('Zest of 1', True), (' stiff peaks form', False),
])
P('recipe', """Prep Time: 15 mins   Cook Time: 40 mins   Total Time: 55 mins
Servings: 6   Calories: 412 kcal   Author: Jen Okafor

Notes
- You can swap the chicken thighs for firm tofu to make this vegetarian.
- Jollof is traditionally cooked until a slightly smoky crust, called the "party bottom", forms at the base of the pot. Don't stir it away!

Nutrition
Serving: 1cup | Carbohydrates: 58g | Protein: 21g | Fat: 12g | Sodium: 780mg

Tried this recipe? Mention @jenskitchen or tag #jenskitchen!
Rate this recipe
Filed Under: Main Course, West African""", [
    ('Prep Time: 15', True), (' Jen Okafor', False), (' swap the chicken', False), (' called the "', False),
    (' at the base of', False), ('Carbohydrates: 58', True), ('Tried this recipe?', False),
    (' @jenskitchen', True), ('Filed Under:', True), (' West African', True),
])

PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('api-docs', """Payments API  /  Reference  /  Refunds

Create a refund
POST /v1/refunds

Creates a refund for a charge that has previously been created but not yet refunded. Funds are returned to the card that was originally charged.

Parameters
charge  string  required
    The identifier of the charge to refund.
amount  integer  optional
    A positive integer in cents representing how much of the charge to refund. Defaults to the entire charge.

Returns
Returns the Refund object if the refund succeeded. Raises an error if the charge has already been refunded.

Was this page helpful?  Yes  No   |   Edit this page""", [
    ('Payments API  /', False), ('POST /v1/', False), (' has previously been', False),
    (' returned to the card', False), ('Parameters\n', False), ('  string  required', True),
    (' in cents representing', False), ('Returns\nReturns', True), (' Refund object', True), (' Edit this page', False),
])
P('api-docs', """class torchvision.transforms.Resize(size, interpolation=InterpolationMode.BILINEAR, max_size=None, antialias=True)  [SOURCE]

Resize the input image to the given size. If the image is a torch Tensor, it is expected to have [..., H, W] shape.

Parameters:
    size (sequence or int) - Desired output size. If size is a sequence like (h, w), output size will be matched to this.
    antialias (bool, optional) - Whether to apply antialiasing. Default: True.

Examples using Resize:
    Transforming images, videos, boxes and more

Next  Previous
© Copyright 2017-present, Torch Contributors.
Built with Sphinx using a theme provided by Read the Docs.""", [
    ('class torchvision', False), (' [SOURCE]', True), ('Resize the input', True), (' is expected to have', False),
    ('Parameters:\n', False), (' (bool, optional)', False), ('Examples using', False), (' Torch Contributors', True),
    ('Built with Sphinx', False), (' Read the Docs', True),
])

P('config-file', """# /etc/nginx/sites-available/shop.example.com
# Managed by Ansible - do not edit by hand.

server {
    listen 443 ssl http2;
    server_name shop.example.com;

    ssl_certificate     /etc/letsencrypt/live/shop.example.com/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/shop.example.com/privkey.pem;

    # the old checkout lives on a separate box until the migration is done
    location /checkout/ {
        proxy_pass http://10.0.4.12:8080;
        proxy_set_header Host $host;
    }
}""", [
    ('# Managed by', False), (' do not edit by', True), ('    listen 443', False), (' ssl_certificate_key', False),
    (' lives on a separate', True), (' until the migration', True), (' proxy_pass http', False), (' $host;', False),
])
P('config-file', """# docker-compose.yml for local development
services:
  db:
    image: postgres:16-alpine
    environment:
      POSTGRES_PASSWORD: changeme   # only for local use, never commit real secrets
      POSTGRES_DB: inventory
    volumes:
      - pgdata:/var/lib/postgresql/data
  api:
    build: ./api
    depends_on:
      - db
    ports:
      - "8000:8000"
volumes:
  pgdata: {}""", [
    ('# docker-compose', False), ('    image: postgres', False), (' never commit real', True), (' POSTGRES_DB:', False),
    ('    depends_on:', True), (' "8000:', False), (' for local development', True),
])

P('spreadsheet', """Region,Store ID,Manager,Q1 Sales (USD),Q2 Sales (USD),Change %
North East,NE-014,Karen Whitfield,"182,400.00","196,950.50",7.98
North East,NE-022,Luis Ortega,"140,120.00","131,005.75",-6.50
Midwest,MW-003,Amy Chen,"210,880.25","224,300.00",6.36
South,SO-041,Derek Bush,"98,400.00","103,117.00",4.79
TOTAL,,,"631,800.25","655,373.25",3.73
Source: internal POS export, pulled 2026-07-02 by finance@corp""", [
    ('Region,Store', False), (' Sales (USD)', True), ('North East,NE', False), (',Karen Whitfield', False),
    ('"182,400', False), (',Derek Bush', True), ('TOTAL,,,', True), ('Source: internal', False),
])
P('spreadsheet', """Sheet1 | Sheet2 | Summary

     A                 B            C          D
1    Volunteer         Shift        Hours      Notes
2    Hope Alvarez      Sat AM       4          brings van
3    Marcus Lee        Sat PM       3.5
4    Grace Kim         Sun AM       4          first time, pair with Hope
5    Total                          =SUM(C2:C4)
6    #REF!
Last modified by jwong on 14 Sep 2025""", [
    ('Sheet1 | Sheet', True), (' Volunteer', False), ('    Hope Alvarez', True), ('      Sat AM', False),
    (' pair with Hope', True), ('=SUM(C2', False), ('#REF!', True), ('Last modified by', False),
])

P('references', """References

1. ^ Smith, J.; Patel, R. (2019). "Urban heat islands and night-time mortality". The Lancet Planetary Health. 3 (7): e301-e309. doi:10.1016/S2542-5196(19)30108-4. PMID 31326066.
2. ^ "Annual Climate Report 2023". Met Office. Archived from the original on 12 January 2024. Retrieved 3 March 2024.
3. ^ Ibid., p. 41.
4. ^ Keller, Anna (2011). A History of the Rhine. Cambridge: Cambridge University Press. ISBN 978-0-521-88412-7.
5. ^ Okoro, C. et al. (2022). In: Proceedings of the 14th Conference on Urban Climate. pp. 112-118.

External links
- Official website""", [
    ('References\n', False), (' Patel, R.', False), (' Urban heat islands', True), (' Planetary Health', False),
    (' PMID 3132', False), ('Archived from the', False), (' Retrieved 3 March', True), ('Ibid., p', False),
    (' Cambridge University Press', True, 0, '!'), (' et al. (', False), ('Proceedings of the', False), ('External links', True),
])

P('fiction', """Chapter Seven

The rain had not stopped for three days when Eliza finally went down to the harbour. The boats sat low in the grey water, and the men who worked them did not look up as she passed.

"You're the Marlowe girl," said a voice behind her. She turned. An old man in an oilskin coat was mending a net on an upturned crate, his fingers moving without him needing to watch them.

"I was," she said. "Before I went to London."

He laughed, a short dry sound like a door closing. "Nobody stops being a Marlowe in Porthcarrow. Not even in London."

She did not answer that. Out past the breakwater, a gull hung in the wind as if it were nailed there.""", [
    ('Chapter Seven', True), (' had not stopped for', False), (' went down to the', False), (' the Marlowe girl', True),
    (' in an oilskin', False), (' went to London', False), (' like a door closing', False),
    (' in Porthcarrow', False), (' as if it were', False), ('She did not', True),
])

P('poetry', """Winter Allotment
by Ruth Adeyemi

The cabbages have given up their blue,
the bean poles lean like old men at a bar;
I walk the frozen rows I planted through
in May, when every seed was a small star.

My father kept this plot for thirty years.
He'd know the frost by smell, the rain by ear.
I know it by the list of what he feared:
the slugs, the council, and the end of the year.

from Ground Work (Carcanet, 2024). Reprinted with permission.""", [
    ('Winter Allot', True), ('by Ruth Ade', False), (' lean like old men', False), (' in May, when', True),
    (' My father kept', True), (' by smell,', False), (' the council,', True), (' Reprinted with permission', False),
    (' (Carcanet', False),
])

P('religious-text', """Psalm 23
A Psalm of David.

1 The LORD is my shepherd; I shall not want.
2 He maketh me to lie down in green pastures: he leadeth me beside the still waters.
3 He restoreth my soul: he leadeth me in the paths of righteousness for his name's sake.
4 Yea, though I walk through the valley of the shadow of death, I will fear no evil: for thou art with me; thy rod and thy staff they comfort me.

Cross references: John 10:11; Isaiah 40:11
Read full chapter   |   Compare translations""", [
    ('A Psalm of David', True), (' The LORD is my', True), (' I shall not', False), (' in green pastures', False),
    (' the valley of the', False), (' thou art with', False), ('Cross references:', False), (' John 10:', False),
    ('Read full chapter', False),
])
P('religious-text', """Sunday Bulletin - St. Brigid's Parish, Kilkenny
Third Sunday of Lent

First Reading: Exodus 17:3-7
Responsorial Psalm: If today you hear his voice, harden not your hearts.

From the Parish Priest
This week we welcome Fr. Anselm Mbeki, who joins us from the Diocese of Kumasi for six months. Please make him feel at home.

Mass times: Sat 6pm (Vigil), Sun 9am and 11am. Confessions after the 11am Mass.
Collection last week: EUR 2,145. Thank you for your generosity.""", [
    (' St. Brigid', False), ('Third Sunday of Lent', True), (' Exodus 17', False), (' harden not your', False),
    (' Anselm Mbeki', False), (' joins us from the', False), (' Diocese of Kumasi', True),
    ('Mass times:', True), (' Thank you for your', False),
])

P('legal-code', """18 U.S. Code § 1030 - Fraud and related activity in connection with computers

(a) Whoever-
(1) having knowingly accessed a computer without authorization or exceeding authorized access, and by means of such conduct having obtained information that has been determined by the United States Government pursuant to an Executive order or statute to require protection against unauthorized disclosure for reasons of national defense or foreign relations, ...
shall be punished as provided in subsection (c) of this section.

(Added Pub. L. 98-473, title II, § 2102(a), Oct. 12, 1984, 98 Stat. 2190.)

U.S. Code Toolbox   Law about... Articles from Wex""", [
    ('18 U.S. Code', False), (' in connection with', False), ('(a) Whoever', True), (' without authorization', False),
    (' pursuant to an', False), (' United States Government', False), (' shall be punished as', False),
    ('Pub. L. 98', False), (' U.S. Code Tool', True), (' national defense', False),
])

P('blog', """Posted on March 8, 2026 by Tasha  |  12 Comments

Why I finally stopped meal-prepping on Sundays

Okay, confession time. For about four years I was that person with eleven identical glass containers lined up on the counter every Sunday night. And honestly? I hated it.

It turns out I'm not alone. When I asked on Instagram last week, almost 300 of you said the same thing, which made me feel a lot less weird about it.

So here's what I do instead (spoiler: it involves a lot of frozen rice).

Filed under: Life, Food   Tags: meal prep, batch cooking
< Previous post   Next post >
Leave a Reply   Your email address will not be published.""", [
    ('Posted on March', True), (' 12 Comments', False), (' Okay, confession', True), (' eleven identical glass', False),
    (' on Instagram last', False), (' almost 300 of', False), (' instead (spoiler', False),
    ('Leave a Reply', False), (' Your email address', False), ('< Previous post', True),
])

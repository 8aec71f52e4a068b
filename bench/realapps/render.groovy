// The template job of bench/realapps: Groovy's MarkupTemplateEngine (groovy-templates) renders a catalogue page for
// each of PAGES products, each page with its related items and reviews, into OUT; the templates are compiled once and
// the model of each page is built fresh, as a static-site or report generator would.
import groovy.text.markup.MarkupTemplateEngine
import groovy.text.markup.TemplateConfiguration

def out = new File(args[0])
int pages = args.length > 1 ? args[1] as int : 4000
out.mkdirs()
def config = new TemplateConfiguration(autoIndent: true, autoNewLine: true)
def engine = new MarkupTemplateEngine(config)
def page = engine.createTemplate('''
yieldUnescaped '<!DOCTYPE html>'
html {
  head { title("${product.name} - catalogue") }
  body {
    h1(product.name)
    p("SKU ${product.sku}, ${product.price} EUR, ${product.stock} in stock")
    ul { product.tags.each { t -> li(class: 'tag', t) } }
    h2('Related')
    table {
      tr { th('name'); th('price'); th('rating') }
      related.each { r -> tr { td { a(href: "${r.sku}.html", r.name) }; td(r.price); td(String.format('%.1f', r.rating)) } }
    }
    h2('Reviews')
    reviews.each { r -> div(class: 'review') { strong(r.author); span(" ${r.stars}/5"); p(r.text) } }
  }
}
''')
def rnd = new Random(42)
def words = 'fast light durable compact quiet bright strong smooth simple modern classic robust'.split(' ')
def product = { int i -> [sku: "P${i}", name: "${words[i % words.length].capitalize()} item ${i}",
                         price: String.format('%.2f', (i * 37 % 10000) / 100.0), stock: i * 13 % 250,
                         tags: (0..<(i % 6 + 2)).collect { words[(i + it) % words.length] },
                         rating: (i % 50) / 10.0] }
for (int i = 0; i < pages; i++) {
  def model = [product: product(i),
               related: (1..25).collect { product((i * 7 + it * 131) % pages) },
               reviews: (0..<(i % 15 + 5)).collect { [author: "reader${rnd.nextInt(1000)}", stars: rnd.nextInt(5) + 1,
                         text: (0..<40).collect { words[rnd.nextInt(words.length)] }.join(' ')] }]
  new File(out, "P${i}.html").withWriter('UTF-8') { w -> page.make(model).writeTo(w) }
}
println "rendered ${pages} pages into ${out}"

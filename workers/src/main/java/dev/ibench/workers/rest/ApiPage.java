package dev.ibench.workers.rest;

import dev.ibench.core.rest.QueryParameter;
import java.util.List;

/**
 * A self-contained API page (no CDN, works offline): every endpoint with its summary and parameters and a
 * try-it form that calls the endpoint and shows the JSON response. Rendered once from the specs.
 */
final class ApiPage {
    private ApiPage() {}

    static String html(List<ServedEndpoint> endpoints) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>ibench REST tools</title><style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:70em}details{border:1px solid #ccc;border-radius:4px;margin:.4em 0;padding:.4em}")
                .append("summary{cursor:pointer}.m{background:#1f7a1f;color:#fff;padding:0 .4em;border-radius:3px;font-weight:bold}code{background:#f4f4f4}")
                .append("label{display:block;margin:.3em 0}pre{background:#f4f4f4;padding:.5em;max-height:20em;overflow:auto}</style></head><body>")
                .append("<h1>ibench REST tools</h1><p>").append(endpoints.size())
                .append(" read-only endpoints. OpenAPI 3 document: <a href=\"/openapi.json\">/openapi.json</a>.</p>");
        String db = null;
        for (ServedEndpoint e : endpoints) {
            if (!e.dbId().equals(db)) {
                db = e.dbId();
                sb.append("<h2>").append(esc(e.source() + " / " + db)).append("</h2>");
            }
            sb.append("<details><summary><span class=\"m\">GET</span> <code>").append(esc(e.spec().path())).append("</code> ")
                    .append(esc(e.spec().summary())).append("</summary><p><b>").append(esc(e.spec().name())).append("</b>: ")
                    .append(esc(e.spec().description())).append("</p><form data-path=\"").append(esc(e.spec().path())).append("\">");
            for (QueryParameter p : e.spec().parameters()) {
                sb.append("<label><code>").append(esc(p.name())).append("</code> (").append(p.type().jsonType()).append(p.required() ? ", required" : "")
                        .append(") ").append(esc(p.description())).append("<br><input name=\"").append(esc(p.name())).append("\"></label>");
            }
            sb.append("<button type=\"submit\">Try it</button></form><pre></pre></details>");
        }
        sb.append("<script>document.querySelectorAll('form').forEach(function(f){f.addEventListener('submit',function(ev){ev.preventDefault();")
                .append("var q=new URLSearchParams(new FormData(f)).toString();var out=f.nextElementSibling;out.textContent='...';")
                .append("fetch(f.dataset.path+(q?'?'+q:'')).then(function(r){return r.text().then(function(t){out.textContent=r.status+'\\n'+t;});})")
                .append(".catch(function(e){out.textContent=String(e);});});});</script></body></html>");
        return sb.toString();
    }

    private static String esc(String s) {
        if (s == null) return "";
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }
}

package dev.ibench.core.report.html;

/**
 * One part of the HTML report. {@link HtmlReportRenderer#SECTIONS} lists them in page order; a new part of the report
 * is one new implementation added there. A section with nothing to show writes nothing.
 */
public interface HtmlSection {
    void render(HtmlReportData data, StringBuilder html);
}

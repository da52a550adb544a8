import com.adobe.epubcheck.api.EpubCheck;
import com.adobe.epubcheck.util.DefaultReportImpl;
import java.io.File;

/**
 * EPUBCheck over many EPUBs in one JVM (epubcheck.ts runs it as a single-file source program):
 * starting Java and EPUBCheck's schemas once, not once per file, saves seconds per file.
 * Prints EPUBCheck's own messages, then one line per file: path, fatals, errors, warnings.
 */
public class EpubCheckAll {
  public static void main(String[] args) {
    for (String path : args) {
      DefaultReportImpl report = new DefaultReportImpl(path);
      new EpubCheck(new File(path), report).doValidate();
      System.out.println("RESULT\t" + path + "\t" + report.getFatalErrorCount() + "\t" + report.getErrorCount() + "\t" + report.getWarningCount());
    }
  }
}

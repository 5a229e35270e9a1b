import { DocumentsPanel } from "#app/features/documents/documents-panel.tsx";
import { useDocuments } from "#app/features/documents/use-documents.ts";
import { YourDataSection } from "#app/features/prefs/your-data-section.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("documents");

export default function Documents() {
  const { empty: _empty, ...section } = sections.documents;
  const docs = useDocuments();
  return (
    <SectionPage {...section}>
      <DocumentsPanel docs={docs} />
      <YourDataSection documents={docs.documents.state === "ready" ? docs.documents.value : null} />
    </SectionPage>
  );
}

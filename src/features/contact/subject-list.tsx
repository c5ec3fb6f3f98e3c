import Box from "@mui/material/Box";

/** The subjects of contact requests, each quoted, as a list. */
export function SubjectList({ subjects }: { subjects: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
      {subjects.map((subject, index) => (
        <li key={`${index}-${subject}`}>
          <q>{subject}</q>
        </li>
      ))}
    </Box>
  );
}
